"""The developer tools build.py runs: the npm packages, the local server, the dev
environment and the test run, the benchmarks and the icons. Never shipped (build.py zips
py/ only), and standard library only at import: build.py imports them before .venv exists,
so Playwright and the other dev tools are imported inside the functions that use them."""
