"""A loopback stand-in for OMDb and iTunes, for scripts/bench: every answer waits LATENCY seconds.

GET /?s=...&page=N    an OMDb search page (10 films of 100)
GET /?i=ID            an OMDb detail
GET /search?term=...  an iTunes search answer (one song)
GET /art/...          ART (a JPEG), for SCOUT_ART_URL: every poster is the same image
GET /3/movie/ttN      a TMDb film by its IMDb id, with where it is watched appended: in the US on Netflix
                      when N is even, else only to rent
GET /requests         how many API requests it has answered (images are not API requests)
GET /tmdb-peak        the most TMDb requests that came within one second
GET /art-requests     how many images it has served
"""
import os
import json
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

LATENCY = float(sys.argv[2]) if len(sys.argv) > 2 else 0.1
ART = open(sys.argv[3], "rb").read() if len(sys.argv) > 3 else b""
lock = threading.Lock()
tmdb_times = []
served = 0
art_served = 0


class Handler(BaseHTTPRequestHandler):
    def do_GET(self):
        global served, art_served
        url = urlparse(self.path)
        query = parse_qs(url.query)
        if url.path == "/requests":
            return self.send(str(served).encode())
        if url.path == "/art-requests":
            return self.send(str(art_served).encode())
        if url.path == "/tmdb-peak":
            with lock:
                times = sorted(tmdb_times)
            peak, start = 0, 0
            for end, at in enumerate(times):
                while at - times[start] >= 1.0:
                    start += 1
                peak = max(peak, end - start + 1)
            return self.send(str(peak).encode())
        if url.path.startswith("/art/"):
            with lock:
                art_served += 1
            time.sleep(LATENCY)
            return self.send(ART, "image/jpeg")
        with lock:
            served += 1
            if url.path.startswith("/3/"):
                tmdb_times.append(time.monotonic())
        time.sleep(LATENCY)
        if url.path.startswith("/3/movie/tt"):
            imdb = url.path[len("/3/movie/"):]
            number = int(imdb[2:])
            offers = {"link": f"https://www.themoviedb.org/movie/{number}/watch?locale=US",
                      "rent": [{"provider_id": 2, "provider_name": "Apple TV", "display_priority": 4}]}
            if number % 2 == 0:
                offers["flatrate"] = [{"provider_id": 8, "provider_name": "Netflix", "display_priority": 0}]
            body = {"id": number, "imdb_id": imdb, "title": f"Bench Film {number}", "release_date": "2001-01-01",
                    "vote_average": 7.1, "vote_count": 100, "watch/providers": {"results": {"US": offers}}}
        elif url.path == "/search":
            body = {"resultCount": 1, "results": [{"wrapperType": "track", "kind": "song", "trackId": 1440833481,
                    "trackName": "Love Story", "artistName": "Taylor Swift", "trackPrice": 1.29, "currency": "USD"}]}
        elif "i" in query:
            id = query["i"][0]
            body = {"Title": f"Bench Story {id}", "Year": "2001", "imdbID": id, "Type": "movie",
                    "Poster": f"https://m.media-amazon.com/images/M/{id}._V1_SX300.jpg", "Response": "True"}
        else:
            page = int(query.get("page", ["1"])[0])
            body = {"Search": [{"Title": f"Bench Story {page}-{i}", "Year": "2001", "imdbID": f"tt9{page:03d}{i:03d}",
                                "Type": "movie",
                                "Poster": f"https://m.media-amazon.com/images/M/tt9{page:03d}{i:03d}._V1_SX300.jpg"}
                       for i in range(1, 11)],
                    "totalResults": "100", "Response": "True"}
        self.send(json.dumps(body).encode())

    def send(self, body, kind="application/json"):
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


ThreadingHTTPServer.daemon_threads = True
# Room for load all's concurrent connections: with the default backlog of 5, the kernel dropped the
# sixth SYN and the client sent it again a second later (TCP's first retransmission timeout).
ThreadingHTTPServer.request_queue_size = 128
ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), Handler).serve_forever()
