"""What the build writes for the offline app and for crawlers: the service worker's list, its version,
the web app manifest and sitemap.xml."""

from __future__ import annotations

import gzip
import hashlib
import json
import re
import xml.etree.ElementTree as ET

from kb.site.offline import offline_bundle, write_service_worker


def _sha(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _site(root, files: dict[str, str]):
    for path, content in files.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(content, encoding="utf-8")
    return root


def test_service_worker_keeps_pages_and_assets_but_not_downloads(tmp_path):
    """Pages, assets and the search index are kept; downloads, source maps and sitemaps are fetched on demand."""
    site = _site(
        tmp_path,
        {
            "index.html": "home",
            "athernum/cr/4.html": "rules",
            "assets/rulekb/search-index.js": "x",
            "downloads/graph.json": "{}",
            "downloads/graph.graphml": "<g/>",
            "assets/b.js.map": "{}",
            "sitemap.xml": "<urlset/>",
            "sitemap.xml.gz": "",
            ".hidden": "",
        },
    )
    bundle = write_service_worker(site)
    assert bundle.files == ("assets/rulekb/search-index.js", "athernum/cr/4.html", "index.html")
    text = (site / "sw.js").read_text(encoding="utf-8")
    precache, version = re.search(r"const PRECACHE = (.*);", text), re.search(r"const VERSION = (.*);", text)
    assert precache and version
    assert json.loads(precache.group(1)) == list(bundle.files)
    assert json.loads(version.group(1)) == bundle.version
    assert offline_bundle(site).files == bundle.files  # sw.js never keeps itself


def test_cache_version_changes_with_any_kept_file_and_only_then(tmp_path):
    """Identical builds publish the same version; a changed page, or a changed download, decides alone."""
    first = offline_bundle(_site(tmp_path / "a", {"index.html": "home", "downloads/rules.json": "1"}))
    same = offline_bundle(_site(tmp_path / "b", {"index.html": "home", "downloads/rules.json": "2"}))
    changed = offline_bundle(_site(tmp_path / "c", {"index.html": "home!", "downloads/rules.json": "1"}))
    assert first.version == same.version != changed.version
    assert first.gzip_size is not None and first.gzip_size > 0 and first.size == len("home")


def test_the_bundle_size_counts_each_file_once_gzipped_and_reuses_an_earlier_measure(tmp_path):
    """The gzipped size adds each kept file's, identical files each; a size measured by an earlier build for the same
    content is taken as it is, and an edited file is measured again."""
    site = _site(tmp_path, {"index.html": "home " * 50, "a.html": "home " * 50, "b.html": "other"})
    fresh = offline_bundle(site)
    home, other = (
        len(gzip.compress(text.encode(), compresslevel=6, mtime=0)) for text in ("home " * 50, "other")
    )
    assert sorted(fresh.gzip_sizes.values()) == sorted([home, other]) and fresh.gzip_size == 2 * home + other
    known = dict.fromkeys(fresh.gzip_sizes, 1000)
    assert offline_bundle(site, known).gzip_size == 3000
    (site / "b.html").write_text("edited", encoding="utf-8")
    again = offline_bundle(site, known)
    assert again.gzip_size is not None and again.gzip_size < 3000 and again.gzip_sizes != fresh.gzip_sizes


def test_a_second_bundle_in_one_process_gzips_only_the_files_it_has_not_measured(tmp_path, monkeypatch):
    """Builds in one process (serve, the tests) measure a file whose content the last bundle measured once: another
    site with the same theme files gzips only its own edited page, and reports the same sizes as a fresh measure; a
    size a caller gives is never taken for a measure."""
    first = _site(tmp_path / "a", {"index.html": "home " * 50, "app.js": "code " * 80})
    fresh = offline_bundle(first)
    gzipped: list[bytes] = []
    real = gzip.compress

    def counted(data, *args, **kwargs):
        gzipped.append(data)
        return real(data, *args, **kwargs)

    monkeypatch.setattr(gzip, "compress", counted)
    second = _site(tmp_path / "b", {"index.html": "home " * 49, "app.js": "code " * 80})
    again = offline_bundle(second)
    assert gzipped == [("home " * 49).encode()]
    edited = len(real(gzipped[0], compresslevel=6, mtime=0))
    assert again.gzip_sizes == {
        _sha(second / "index.html"): edited,
        _sha(first / "app.js"): fresh.gzip_sizes[_sha(first / "app.js")],
    }
    offline_bundle(second, dict.fromkeys(again.gzip_sizes, 1))
    assert offline_bundle(second).gzip_sizes == again.gzip_sizes


def test_a_bundle_not_measured_gzips_nothing_and_says_its_size_is_unknown_unless_every_size_is_known(
    tmp_path,
):
    """Without measuring (serve's rebuilds) a file no earlier build measured leaves the gzipped size unknown and
    unrecorded, so a later build measures it; when every file's size is known the figure is still given."""
    site = _site(tmp_path, {"index.html": "home " * 50, "b.html": "other"})
    fresh = offline_bundle(site)
    assert offline_bundle(site, fresh.gzip_sizes, measure=False) == fresh
    (site / "b.html").write_text("edited", encoding="utf-8")
    unmeasured = offline_bundle(site, fresh.gzip_sizes, measure=False)
    assert unmeasured.gzip_size is None and unmeasured.version == offline_bundle(site).version
    assert len(unmeasured.gzip_sizes) == 1 and set(unmeasured.gzip_sizes) < set(fresh.gzip_sizes)


def test_identical_builds_write_identical_service_workers(small_site, small_project, tmp_path):
    """Building the same sources again gives the same cache version, so installed apps keep their copy (the small
    project: the whole repository's would only take longer)."""
    from kb.site.build import build_site

    again = build_site(small_project, tmp_path / "again").out
    assert (again / "sw.js").read_bytes() == (small_site / "sw.js").read_bytes()


def test_manifest_makes_an_installable_app(repo_site):
    """The manifest names the app, starts at the home page, runs standalone, and its icons exist."""
    manifest = json.loads((repo_site / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["short_name"] == "rulekb" and manifest["display"] == "standalone"
    assert manifest["start_url"] == "./index.html" and manifest["theme_color"].startswith("#")
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        assert (repo_site / icon["src"]).is_file(), icon


def test_sitemap_lists_every_page(repo_site):
    """sitemap.xml lists every HTML page of the site (relative to the site root without a site_url)."""
    namespace = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9"}
    listed = {
        loc.text for loc in ET.parse(repo_site / "sitemap.xml").getroot().findall("s:url/s:loc", namespace)
    }
    pages = {p.relative_to(repo_site).as_posix() for p in repo_site.rglob("*.html")} - {"404.html"}
    assert len(pages) > 50 and listed == pages


def test_sitemap_lists_absolute_urls_under_a_configured_site_url(small_project, tmp_path, monkeypatch):
    """With RULEKB_SITE_URL set, sitemap.xml lists each page's absolute URL under it, as crawlers need."""
    from kb.site.build import build_site

    monkeypatch.setenv("RULEKB_SITE_URL", "https://rules.example.org/kb/")
    site = build_site(small_project, tmp_path / "site").out
    text = (site / "sitemap.xml").read_text(encoding="utf-8")
    assert "<loc>https://rules.example.org/kb/athernum/cr/1.html</loc>" in text
    assert not re.search(r"<loc>(?!https://rules\.example\.org/kb/)", text)
