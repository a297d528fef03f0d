/// The environment variables scout reads, each declared once with what it does: the man page's ENVIRONMENT
/// and the guide's table are made from these. `DocsTests` checks the guide against them, and that every
/// variable the sources read is here or in `unlisted`.
public enum EnvironmentVariables {
    public static let described: [(names: [String], meaning: String)] = [
        (
            [CatalogSource.urlVariable],
            "base URL of a catalog server: `GET /movies` answers `[{\"id\": 1, \"title\": …, \"genre\": …, "
                + "\"director\": …, \"year\": 1972}]`, and `GET /restaurants` `{\"cuisines\": [{\"name\": …, "
                + "\"restaurants\": [{\"id\": 1, \"name\": …, \"city\": …, \"price_level\": 4, "
                + "\"rating\": 4.8}]}]}`; unset: the built-in catalog"
        ),
        ([ITunesSource.urlVariable], "base URL of the iTunes Search API (default `https://itunes.apple.com`)"),
        ([OMDbSource.urlVariable], "base URL of OMDb (default `https://www.omdbapi.com`)"),
        (
            [ArtFetcher.urlVariable],
            "a server standing in for every image server (the fixture server): artwork at `https://HOST/PATH` is "
                + "asked as `$SCOUT_ART_URL/art/HOST/PATH`; unset, images come from where they are"
        ),
        ([TMDbSource.urlVariable], "base URL of TMDb's API (default `https://api.themoviedb.org`)"),
        (
            [FollowService.urlVariable],
            "base URL of Letterboxd's feeds (default `https://letterboxd.com`): a member's is `/USER/rss/` under it"
        ),
        (["OMDB_API_KEY"], "the OMDb key (wins over `set omdb-key`)"),
        (
            [TMDbSource.keyVariable, TMDbSource.tokenVariable],
            "TMDb's v3 API key (sent as `api_key`), or its v4 read access token (sent as a bearer token); the key "
                + "wins when both are set, and either over `set tmdb-key`; both are on themoviedb.org/settings/api"
        ),
        (
            ["SCOUT_LIBCURL"],
            "the libcurl to load for HTTP (default: `libcurl.so.4`, else the GnuTLS and NSS flavours); without one "
                + "scout runs offline only and says to install `libcurl4`"
        ),
        (
            ["SCOUT_LIBXML2"],
            "the libxml2 to load for reading a Letterboxd feed (default: `libxml2.so.2`); without one a followed "
                + "feed is not read, and scout says to install `libxml2`"
        ),
        (
            ["XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"],
            "where the files go; unset, empty or relative: `~/.config`, `~/.local/share`, `~/.local/state` and "
                + "`~/.cache`, under `HOME`"
        ),
        (["EDITRC"], "libedit's settings file instead of `~/.editrc`; lines for scout start with `scout:`"),
        (["NO_COLOR"], "no colour when set and not empty (`--color always` or `set color always` still give it)"),
        (
            ["TERM"],
            "`dumb` (Emacs' `M-x shell`): a plain prompt and the banner, no line editor, no colour, no pager, no "
                + "spinner, no images; otherwise, with the variables below, how `set images auto` draws"
        ),
        (
            ["COLORTERM", "TERM_PROGRAM", "LC_TERMINAL", "KITTY_WINDOW_ID", "WEZTERM_PANE", "GHOSTTY_RESOURCES_DIR"],
            "which pictures the terminal draws, for `set images auto`, and in how many colours (the guide's "
                + "artwork section has the rules)"
        ),
        (
            ["TMUX"],
            "inside tmux: kitty's, iTerm2's and sixel images pass through only when tmux's `allow-passthrough` is "
                + "on, else symbols"
        ),
        (
            ["PAGER", "LESS", "LV"],
            "shows output longer than the screen (default `less`; empty or `cat`: none); `LESS=FRX` when `LESS` "
                + "is unset, and `LV=-c` when `LV` is, as git sets them"
        ),
        (
            ["http_proxy"],
            "proxy for `http://` URLs, lower case only (as curl since the httpoxy advisory: `HTTP_PROXY` can come "
                + "from a web request's header)"
        ),
        (["https_proxy", "HTTPS_PROXY"], "proxy for `https://` URLs"),
        (["all_proxy", "ALL_PROXY"], "proxy for either when its own is unset"),
        (
            ["no_proxy", "NO_PROXY"],
            "hosts to reach directly, comma-separated: a name matches itself and every name under it "
                + "(`example.com`, `.example.com` and `*.example.com` alike), `HOST:PORT` one port only, IP addresses "
                + "and IPv4 ranges (`10.0.0.0/8`), `*` every host"
        ),
        (
            ["SSL_CERT_FILE", "SSL_CERT_DIR"],
            "certificate authorities to trust, as OpenSSL reads them: a PEM bundle instead of the system's "
                + "(`/etc/ssl/certs/ca-certificates.crt`), and colon-separated folders of hashed certificates instead "
                + "of `/etc/ssl/certs` (a folder that is not there is passed over, as OpenSSL does)"
        ),
        (
            ["GIT_ASKPASS", "SSH_ASKPASS", "GIT_SSH_COMMAND"],
            "passed to `git` for sync as they are; unset, scout sets them so that git never asks at a prompt "
                + "(`/bin/false`, and `ssh -o BatchMode=yes`)"
        ),
        (
            ["BROWSER"],
            "opens web pages for `open N` on a terminal (colon-separated, `%s` for the URL; default `xdg-open`)"
        ),
        (["PATH"], "where scout finds `git` (sync), `fzf` (`set picker fzf`) and `tmux`"),
    ]

    /// Read or set by scout, and not for you to set: each with why.
    public static let unlisted: [String: String] = [
        "HOME": "the home folder, under which the XDG defaults lie",
        "SCOUT_TEST_NOW": "the tests' fixed clock",
        "GIT_TERMINAL_PROMPT": "set to 0 for git, so that it never asks at a prompt",
        "LC_ALL": "set to C for git, so that its messages can be read",
    ]
}
