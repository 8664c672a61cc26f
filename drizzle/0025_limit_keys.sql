-- Filled in by the change that adds limit keys (issue 31).
SELECT 1;
