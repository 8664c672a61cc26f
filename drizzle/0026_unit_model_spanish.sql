-- Filled in by the change that adds unit models' Spanish fields (issue 33).
SELECT 1;
