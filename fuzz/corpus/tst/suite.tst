loadsgf games/strategy26.sgf 151

1 attack C3
#? [1 B4]

2 defend C3
#? [!0]*
# comment
3 owl_attack A1
#? [(0|1 A2)]&
