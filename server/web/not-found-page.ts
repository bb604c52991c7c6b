/**
 * The page for a host that is no bank of this deployment. It names no bank and carries nothing
 * of any tenant, so probing hostnames reveals nothing.
 */
export const UNKNOWN_HOST_PAGE = `<!doctype html>
<html lang="ja">
<head><meta charset="utf-8"><meta name="robots" content="noindex"><title>404 Not Found</title></head>
<body><h1>404 Not Found</h1><p>This page could not be found</p><p>お探しのページは見つかりませんでした。</p></body>
</html>
`;

/** A missing asset or file under a bank's host: never index.html. */
export const MISSING_FILE_PAGE = UNKNOWN_HOST_PAGE;
