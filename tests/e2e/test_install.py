"""Installability (issue 2, item 8): Chromium reports no installability
errors, and the manifest says what the issue asks."""

import json
import struct
import urllib.request

from conftest import launch_options, wait_controlled, wait_ready


def png_size(data):
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_chromium_reports_no_installability_errors(playwright, site, tmp_path):
    context = playwright.chromium.launch_persistent_context(str(tmp_path / "profile"), **launch_options())
    try:
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(site.url)
        assert wait_ready(page) == "ready"
        wait_controlled(page)
        cdp = context.new_cdp_session(page)
        errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert errors == []
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["url"] == site.url + "manifest.webmanifest"
        assert manifest["errors"] == []
    finally:
        context.close()


def test_manifest_has_names_colours_icons_standalone_and_relative_scope(site):
    with urllib.request.urlopen(site.url + "manifest.webmanifest") as answer:
        assert answer.headers.get_content_type() == "application/manifest+json"
        manifest = json.load(answer)
    assert manifest["name"] and manifest["short_name"] == "tablecheck"
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    assert manifest["theme_color"].startswith("#") and manifest["background_color"].startswith("#")
    icons = manifest["icons"]
    assert any(i["type"] == "image/svg+xml" for i in icons)
    for size in (192, 512):
        for purpose in ("any", "maskable"):
            matching = [i for i in icons if i["sizes"] == f"{size}x{size}" and purpose in i["purpose"].split()]
            assert matching, (size, purpose)
            with urllib.request.urlopen(site.url + matching[0]["src"][2:]) as answer:
                assert png_size(answer.read()) == (size, size)
    for icon in icons:
        assert icon["src"].startswith("./"), icon  # works under a sub-path
