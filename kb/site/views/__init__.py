"""Page views: dataclasses built from the site model for one page, rendered by the templates."""
