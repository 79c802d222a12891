# Eyes of size 1
loadsgf games/eyes1.sgf
101 eval_eye A1
#? [1 1]
102 eval_eye C1
#? [1 1]
103 eval_eye G1
#? [0 1 F1 F1]
104 eval_eye L1
#? [0 1 K2 K2]
105 eval_eye P1
#? [0 0]
106 eval_eye A4
#? [0 0]
107 eval_eye C6
#? [0 0]
108 eval_eye F7
#? [0 0]
109 eval_eye H9
#? [1 1]
110 eval_eye E9
#? [0 1 D10 D10]
111 eval_eye A10
#? [1 1]

# Eyes of size 2
loadsgf games/eyes2.sgf
201 eval_eye A1
#? [1 1]
202 eval_eye F1
#? [1 1]
203 eval_eye L1
#? [1 1]
204 eval_eye Q1
#? [1 1]
205 eval_eye T1
#? [1 1]
206 eval_eye A4
#? [1 1]
207 eval_eye F3
#? [1 1]
208 eval_eye L3
#? [0 0]
209 eval_eye O4
#? [1 1]
210 eval_eye G6
#? [1 1]
211 eval_eye C7
#? [0 1 D7 D7]
212 eval_eye A7
#? [0 1 B9 B9]
213 eval_eye A12
#? [0 1 A13 A13]
214 eval_eye O9
#? [0 0]
215 eval_eye O13
#? [0 0]

# Eyes of size 3
loadsgf games/eyes3.sgf
301 eval_eye A1
#? [1 2 A1 A1]
302 eval_eye F1
#? [1 2 G1 G1]
303 eval_eye M1
#? [1 1]
304 eval_eye S19
#? [1 2 S18 S18]
305 eval_eye T7
#? [1 1]
306 eval_eye A6
#? [2 2]
307 eval_eye A10
#? [1 2 A9 A9]
308 eval_eye T1
#? [2 2]
309 eval_eye R4
#? [2 2]
310 eval_eye N3
#? [0 1 N5 N5]
311 eval_eye J5
#? [1 1]
312 eval_eye G5
#? [0 1 G6 G6]
313 eval_eye C6
#? [1 2 C6 C6]
314 eval_eye C9
#? [2 2]
315 eval_eye A12
#? [1 1]
316 eval_eye A14
#? [1 1]
317 eval_eye B19
#? [1 2 B18 B18]
318 eval_eye D19
#? [1 2 D18 D18]
319 eval_eye C16
#? [1 1]
320 eval_eye E15
#? [1 1]
321 eval_eye F19
#? [0 1 J18 J18]
322 eval_eye F17
#? [0 2 G17 G17]
323 eval_eye O19
#? [1 1]
324 eval_eye K13
#? 