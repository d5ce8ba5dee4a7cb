"""The judge's desk: Flask app factory (`create_app`), blueprints, JSON API and the `judge` CLI."""
