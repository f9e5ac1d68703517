"""The browser front end: HTML pages, CSS and plain ES modules, served by the web server."""
