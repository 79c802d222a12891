1 attack A1
#? ]x[
