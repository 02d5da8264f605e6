-- Decision 056 amended: the search text of a course also holds its author (the name on its card), as
-- course-tree.ts's searchTextOf now writes it. The courses stored before get it here, folded as
-- foldForSearch folds (db/fold-for-search.ts has the same steps; this copy stays as it was run).
UPDATE "courses" SET "search_text" = btrim(regexp_replace(lower(translate(regexp_replace(normalize(concat_ws(' ', "title", "title_tr", "description", "description_tr", "author"), NFKC), '[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED\u0640]', '', 'g'), 'آأإٱةى', 'ااااهي')), '\s+', ' ', 'g'));
