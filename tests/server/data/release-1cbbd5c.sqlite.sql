BEGIN TRANSACTION;
CREATE TABLE moves (
	table_id VARCHAR(32) NOT NULL, 
	ply INTEGER NOT NULL, 
	seat INTEGER NOT NULL, 
	action TEXT NOT NULL, 
	PRIMARY KEY (table_id, ply)
);
INSERT INTO "moves" VALUES('fyCLwURN',1,2,'{"carte": "L40", "type": "choisir"}');
INSERT INTO "moves" VALUES('fyCLwURN',2,0,'{"carte": "L06", "type": "choisir"}');
INSERT INTO "moves" VALUES('fyCLwURN',3,1,'{"carte": "L55", "type": "choisir"}');
INSERT INTO "moves" VALUES('fyCLwURN',4,2,'{"carte": "L43", "type": "choisir"}');
INSERT INTO "moves" VALUES('qgbQUfAG',1,1,'{"carte": "L53", "type": "choisir"}');
INSERT INTO "moves" VALUES('qgbQUfAG',2,0,'{"carte": "L16", "type": "choisir"}');
INSERT INTO "moves" VALUES('qgbQUfAG',3,0,'{"carte": "L35", "type": "choisir"}');
INSERT INTO "moves" VALUES('qgbQUfAG',4,1,'{"carte": "L69", "type": "choisir"}');
INSERT INTO "moves" VALUES('qgbQUfAG',5,1,'{"carte": "L19", "type": "choisir"}');
INSERT INTO "moves" VALUES('qgbQUfAG',6,0,'{"carte": "L63", "type": "choisir"}');
INSERT INTO "moves" VALUES('qgbQUfAG',7,0,'{"carte": "L73", "type": "choisir"}');
INSERT INTO "moves" VALUES('qgbQUfAG',8,1,'{"carte": "L17", "type": "choisir"}');
INSERT INTO "moves" VALUES('qgbQUfAG',9,1,'{"mots": [{"cartes": ["L28", "L53", "L04", "L19", "L69"], "mot": "KRAFT"}], "type": "ecrire"}');
INSERT INTO "moves" VALUES('qgbQUfAG',10,0,'{"mots": [{"cartes": ["L06", "L16", "L28", "V4", "L63"], "mot": "BEKES"}], "type": "ecrire"}');
INSERT INTO "moves" VALUES('qgbQUfAG',11,1,'{"cartes": ["L06", "L04"], "defi": null, "type": "reclamer"}');
INSERT INTO "moves" VALUES('qgbQUfAG',12,0,'{"cartes": ["L28"], "defi": null, "type": "reclamer"}');
INSERT INTO "moves" VALUES('qgbQUfAG',13,0,'{"carte": "L20", "type": "choisir"}');
INSERT INTO "moves" VALUES('qgbQUfAG',14,1,'{"carte": "L69", "type": "choisir"}');
INSERT INTO "moves" VALUES('qgbQUfAG',15,0,'{"carte": "L73", "type": "choisir"}');
INSERT INTO "moves" VALUES('qgbQUfAG',16,1,'{"carte": "L50", "type": "choisir"}');
INSERT INTO "moves" VALUES('qgbQUfAG',17,1,'{"carte": "L56", "type": "choisir"}');
INSERT INTO "moves" VALUES('qgbQUfAG',18,0,'{"carte": "L46", "type": "choisir"}');
INSERT INTO "moves" VALUES('qgbQUfAG',19,1,'{"carte": "L08", "type": "choisir"}');
INSERT INTO "moves" VALUES('qgbQUfAG',20,0,'{"carte": "L70", "type": "choisir"}');
INSERT INTO "moves" VALUES('qgbQUfAG',21,1,'{"mots": [{"cartes": ["L43", "L50", "L74", "L08", "L69", "L18"], "mot": "ORYCTE"}], "type": "ecrire"}');
INSERT INTO "moves" VALUES('qgbQUfAG',22,0,'{"mots": [{"cartes": ["L13", "L43", "L70", "L73"], "mot": "DOUX"}], "type": "ecrire"}');
INSERT INTO "moves" VALUES('qgbQUfAG',23,1,'{"cartes": ["L50", "L18"], "defi": null, "type": "reclamer"}');
INSERT INTO "moves" VALUES('qgbQUfAG',24,0,'{"cartes": ["L43"], "defi": null, "type": "reclamer"}');
INSERT INTO "moves" VALUES('qgbQUfAG',25,0,'{"carte": "L72", "type": "choisir"}');
INSERT INTO "moves" VALUES('qgbQUfAG',26,1,'{"carte": "L45", "type": "choisir"}');
INSERT INTO "moves" VALUES('qgbQUfAG',27,0,'{"carte": "L48", "type": "choisir"}');
INSERT INTO "moves" VALUES('qgbQUfAG',28,1,'{"carte": "L54", "type": "choisir"}');
INSERT INTO "moves" VALUES('qgbQUfAG',29,0,'{"carte": "L01", "type": "choisir"}');
INSERT INTO "moves" VALUES('qgbQUfAG',30,1,'{"carte": "L63", "type": "choisir"}');
INSERT INTO "moves" VALUES('qgbQUfAG',31,0,'{"carte": "L49", "type": "choisir"}');
INSERT INTO "moves" VALUES('qgbQUfAG',32,1,'{"carte": "L15", "type": "choisir"}');
INSERT INTO "moves" VALUES('qgbQUfAG',33,0,'{"mots": [{"cartes": ["L48", "L01", "L72", "L14", "L64", "L16"], "mot": "RAWETTE"}], "type": "ecrire"}');
INSERT INTO "moves" VALUES('qgbQUfAG',34,1,'{"mots": [{"cartes": ["L15", "L21", "L54", "V2", "L45", "L16", "L63"], "mot": "EGRAPPEES"}], "type": "ecrire"}');
INSERT INTO "moves" VALUES('qgbQUfAG',35,0,'{"cartes": ["L64", "L16"], "defi": null, "type": "reclamer"}');
INSERT INTO "moves" VALUES('qgbQUfAG',36,1,'{"cartes": ["L54", "L21"], "defi": "D02", "type": "reclamer"}');
INSERT INTO "moves" VALUES('qgbQUfAG',37,0,'{"carte": "L75", "type": "choisir"}');
INSERT INTO "moves" VALUES('qgbQUfAG',38,1,'{"carte": "L15", "type": "choisir"}');
INSERT INTO "moves" VALUES('qgbQUfAG',39,0,'{"carte": "L12", "type": "choisir"}');
INSERT INTO "moves" VALUES('qgbQUfAG',40,1,'{"carte": "L66", "type": "choisir"}');
INSERT INTO "moves" VALUES('qgbQUfAG',41,0,'{"carte": "L17", "type": "choisir"}');
INSERT INTO "moves" VALUES('qgbQUfAG',42,1,'{"carte": "L53", "type": "choisir"}');
INSERT INTO "moves" VALUES('qgbQUfAG',43,1,'{"carte": "L61", "type": "choisir"}');
INSERT INTO "moves" VALUES('qgbQUfAG',44,0,'{"carte": "L52", "type": "choisir"}');
INSERT INTO "moves" VALUES('qgbQUfAG',45,1,'{"mots": [{"cartes": ["L61", "L66", "L51", "L15", "L62", "V3", "L53"], "mot": "STRESSER"}], "type": "ecrire"}');
INSERT INTO "moves" VALUES('qgbQUfAG',46,0,'{"mots": [{"cartes": ["L62", "L76", "L17", "L75", "V3", "L49"], "mot": "SQUEEZER"}], "type": "ecrire"}');
INSERT INTO "moves" VALUES('qgbQUfAG',47,0,'{"cartes": ["L62", "L76"], "defi": null, "type": "reclamer"}');
INSERT INTO "moves" VALUES('qgbQUfAG',48,1,'{"cartes": ["L51"], "defi": "D12", "type": "reclamer"}');
INSERT INTO "moves" VALUES('qgbQUfAG',49,0,'{"mots": [{"cartes": ["L64", "L49", "L43", "L76", "L16", "L62"], "mot": "TROQUEES"}], "type": "ecrire"}');
INSERT INTO "moves" VALUES('qgbQUfAG',50,1,'{"mots": [{"cartes": ["L49", "D12", "L06", "L04", "L50", "L51", "L18", "L54"], "mot": "REBARRER"}], "type": "ecrire"}');
CREATE TABLE seats (
	table_id VARCHAR(32) NOT NULL, 
	seat INTEGER NOT NULL, 
	kind VARCHAR(10) NOT NULL, 
	level VARCHAR(20), 
	name VARCHAR(80), 
	token_hash VARCHAR(64), 
	"left" BOOLEAN NOT NULL, 
	PRIMARY KEY (table_id, seat)
);
INSERT INTO "seats" VALUES('y4eie52A',0,'humain',NULL,'Alice','8c6d7c3637fd1c43415f06b93bd3e3ee0f55ca750af05591ae765a430fb3fc81',0);
INSERT INTO "seats" VALUES('y4eie52A',1,'humain',NULL,NULL,NULL,0);
INSERT INTO "seats" VALUES('y4eie52A',2,'robot','greedy',NULL,NULL,0);
INSERT INTO "seats" VALUES('fyCLwURN',0,'humain',NULL,'Alice','c4931aaf73404ba05fb656d54e357bec48cb9d29e47141abe7848c4dc9056485',0);
INSERT INTO "seats" VALUES('fyCLwURN',1,'humain',NULL,'Bruno','dbc932e88d339ffc0eb22a5568a07c0db3d5dbd5f27ea81f375b9624f347b15d',0);
INSERT INTO "seats" VALUES('fyCLwURN',2,'robot','random',NULL,NULL,0);
INSERT INTO "seats" VALUES('qgbQUfAG',0,'humain',NULL,'Alice','e8a6732ae3289cb954f7cb35c13dd39c89ba0f8525ebea22940ea54c67508a8a',0);
INSERT INTO "seats" VALUES('qgbQUfAG',1,'robot','random',NULL,NULL,0);
CREATE TABLE tables (
	id VARCHAR(32) NOT NULL, 
	game VARCHAR(40) NOT NULL, 
	players INTEGER NOT NULL, 
	seed BIGINT NOT NULL, 
	options TEXT NOT NULL, 
	clock INTEGER NOT NULL, 
	status VARCHAR(12) NOT NULL, 
	host INTEGER NOT NULL, 
	rematch VARCHAR(32), 
	rematch_of VARCHAR(32), 
	absence INTEGER DEFAULT '60' NOT NULL, 
	created FLOAT, 
	PRIMARY KEY (id)
);
INSERT INTO "tables" VALUES('y4eie52A','gutenberg',3,3270523610788811504,'{"mode": "classique", "paquet": null}',0,'attente',0,NULL,NULL,120,1.79564200012379026412e+09);
INSERT INTO "tables" VALUES('fyCLwURN','gutenberg',3,3228139654867318672,'{"mode": "classique", "paquet": null}',0,'en_cours',0,NULL,NULL,60,1.79564200012905216211e+09);
INSERT INTO "tables" VALUES('qgbQUfAG','gutenberg',2,3239397812501115331,'{"mode": "classique", "paquet": null}',0,'terminee',0,NULL,NULL,60,1.79564200014429593086e+09);
COMMIT;
