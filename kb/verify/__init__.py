"""Running scenarios against the reference engines, and the results the site and search show."""
