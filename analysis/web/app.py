"""The web application behind ``odds serve``: one page per game, its JSON twin, the shipped assets.

``GET /GAME?FIELD=VALUE...`` draws the game's form with the answer above it (on a phone) or
beside it; ``GET /api/GAME?...`` gives the same answer as JSON: ``answers`` holds each command's
``--json`` under its name, ``errors`` the sentence for each wrong field, ``commands`` the command
lines asked. The inputs live in the address, so an answer is shared by sharing its link.

Questions run in worker threads (a few at a time), so a slow one - a table built for the first
time - never stops the server answering others. A long question (``JOBS`` of a page module: a
match, a simulation) is started with ``POST /jobs/GAME/NAME`` and followed at ``/jobs/ID``
(:mod:`analysis.web.jobs`: its progress, its Cancel, at most two at once).
"""

from __future__ import annotations

import re
import html
import shlex
import tempfile
import textwrap
import threading
from contextlib import asynccontextmanager
from pathlib import Path

import anyio
from starlette.applications import Starlette
from starlette.datastructures import QueryParams
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates

from analysis import budget
from analysis.charts import output
from analysis.charts.kinds import KINDS
from analysis.errors import OddsError
from analysis.web import articles, backgammon, bluff, brag, jobs, yacht
from analysis.web.ask import answer, sentence_of
from analysis.web.forms import MAX_QUERY, field_of, learn_names, players_words, read_values

HERE = Path(__file__).resolve().parent
GAMES = {"bluff": bluff, "yacht": yacht, "brag": brag, "backgammon": backgammon}
TEMPLATES = Jinja2Templates(directory=str(HERE / "templates"))
for _module in GAMES.values():
    learn_names(_module.FIELDS)
#: What the pages show of the library's own sentences (errors, notes, a question restated): a player's words.
TEMPLATES.env.filters["words"] = players_words
#: A backgammon bot by the name a player reads ("net": "the evaluator").
TEMPLATES.env.filters["bot"] = lambda code: dict(backgammon.BOTS).get(code, code)
#: Questions computed at once; more wait their turn (each holds a worker thread while it runs).
CONCURRENT_QUESTIONS = 4
#: Charts drawn at once, apart from the questions: a chart never holds a question's place.
CONCURRENT_CHARTS = 1
#: Seconds a page's question or chart may be estimated to take: longer work (a table the store does
#: not hold, a target solved from the opening) is refused before it starts, in one sentence saying how
#: long it would take, and offered as a long question; work without an estimate is stopped at its next
#: progress step once it has run fifteen times as long (analysis.budget).
ANSWER_S = 2.0
#: Memory a page's question or chart may be estimated to need; more is refused before it starts.
ANSWER_MEMORY = 1 << 30
_limiters: dict[str, anyio.CapacityLimiter] = {}


def _limiter_now(kind: str = "questions") -> anyio.CapacityLimiter:
    """The limit on questions (or charts) computed at once (made inside the server's event loop, once)."""
    if kind not in _limiters:
        _limiters[kind] = anyio.CapacityLimiter(CONCURRENT_CHARTS if kind == "charts" else CONCURRENT_QUESTIONS)
    return _limiters[kind]


def _within_a_page(work, *args):
    """``work(*args)`` under the page's limits: (its result, the refusal of what was too long or None)."""
    with budget.limited(ANSWER_S, ANSWER_MEMORY) as limit:
        try:
            result = work(*args)
        except budget.Stopping:     # the server is stopping
            result = None
    return result, limit.refused


def _answer_within_a_page(module, values: dict) -> dict:
    result, refused = _within_a_page(answer, module, values)
    if refused is not None or result is None:
        text = str(refused) if refused is not None else "The server is stopping."
        # Offered in the background only where a long question may take that much memory.
        offered = refused is not None and getattr(refused, "memory_bytes", 0) <= jobs.MEMORY_BYTES
        if refused is not None and not offered:
            text += (f" That is more than a question in the background may take here either "
                     f"({jobs.MEMORY_BYTES / 2**30:.1f} GB).")
        return {"answers": {}, "errors": {"form": text}, "notes": {}, "commands": {}, "long": offered}
    return result


async def _answer(module, values: dict, problems: dict) -> dict:
    if problems:
        return {"answers": {}, "errors": problems, "notes": {}, "commands": {}}
    return await anyio.to_thread.run_sync(_answer_within_a_page, module, values, limiter=_limiter_now(),
                                          abandon_on_cancel=True)


def _asked(module, query) -> bool:
    return any(field.name in query for field in module.FIELDS)


async def index(request):
    return TEMPLATES.TemplateResponse(request, "index.html", {"games": GAMES, "game": None})


async def page(request):
    name = request.path_params["game"]
    module = GAMES.get(name)
    if module is None:
        return await not_found(request, None)
    return await _render(request, name, module, request.query_params)


async def _render(request, name: str, module, query, job_query=None, job_errors: dict | None = None,
                  status: int | None = None, result: dict | None = None):
    """The game's page for ``query``: its answer when asked (or ``result``, worked out before), and the
    forms of its long questions (filled from ``job_query``, else the same query, with ``job_errors``
    beside their fields)."""
    values, problems = read_values(module.FIELDS, query)
    if result is None:
        result = await _answer(module, values, problems) if _asked(module, query) else None
    charts = list(module.charts(values)) if result and not result["errors"] else []
    job_forms = [(key, title, fields, read_values(fields, query if job_query is None else job_query)[0])
                 for key, (title, fields) in getattr(module, "JOBS", {}).items()]
    context = {"games": GAMES, "game": name, "module": module, "values": values, "result": result,
               "extra": _extra(name, values), "charts": charts, "query": request.url.query,
               "job_forms": job_forms, "job_errors": job_errors or {}, "chart_words": CHART_WORDS[name]}
    if status is None:
        status = 400 if result and result["errors"] else 200
    return TEMPLATES.TemplateResponse(request, f"{name}.html", context, status_code=status)


#: What each chart shows, for a player who cannot see it (its alt text).
CHART_WORDS = {
    "bluff": {"bids": "Every bid's chance of being true, and of being exactly right, for your dice",
              "heatmap": "A bid's chance of being true, by the dice you cannot see and the dice it needs",
              "cost": "The dice each player expects to lose if you call a bid of this face, by its count"},
    "yacht": {"boxes": "Each box's chance in one turn, and a turn's expected points on it",
              "keeps": "Every keep of this roll and the final score it leaves you expecting",
              "distribution": "The chance of every final score, playing for the highest expected score",
              "reach": "The chance to finish with at least each score, playing for it or for the expected score"},
    "brag": {"threshold": "How good a hand must be to see or stay, by the pot's odds",
             "freq": "How often each kind of hand is dealt",
             "equity": "Your hand's share of the pot against one opponent up to the number still in"},
    "backgammon": {"race": "The chance of winning a race, by the two sides' pip counts",
                   "bearoff": "How many rolls each home board needs to bear off, and their chances",
                   "shots": "The rolls that hit a blot at each distance, open and with the blocks given",
                   "entry": "The rolls that enter from the bar against each number of closed points"},
}


def _extra(name: str, values: dict) -> dict:
    """What a page draws beyond its fields: the dice faces to tap, the boxes of the chosen Yacht preset."""
    if name == "bluff":
        return {"faces": ["1", "2", "3", "4", "5", "6", "*"]}
    if name == "yacht":
        chosen = set(values["open"].split(",")) if values["open"] else set()
        return {"faces": list("123456"), "boxes": yacht.box_names(values["preset"]), "chosen": chosen}
    return {"faces": list("123456"), "board": _board(values) if name == "backgammon" else None}


def _board(values: dict) -> str | None:
    """The board of the position asked about, as SVG (None when it cannot be read: the form says why)."""
    from analysis.web.board import board_svg  # lazy: keeps numpy out of the page's start-up until a board is drawn

    position = backgammon.position_of(values)
    return None if position is None else board_svg(position)


async def reports(request):
    """The strategy articles, each opened as it was built (every asset beside it, nothing fetched)."""
    charts = [{**chart, "caption": _gallery_words(chart["caption"])} for chart in articles.gallery()]
    context = {"games": GAMES, "game": "reports", "articles": articles.articles(), "charts": charts}
    return TEMPLATES.TemplateResponse(request, "reports.html", context)


def _gallery_words(caption: str) -> str:
    """A gallery chart's alt text: what it shows (the gallery names each by the command that drew it)."""
    found = re.fullmatch(r"odds (\w+) chart (\w+)", caption)
    return CHART_WORDS.get(found[1], {}).get(found[2], caption) if found else caption


async def api(request):
    module = GAMES.get(request.path_params["game"])
    if module is None:
        return JSONResponse({"error": "There is no such game; the games are " + ", ".join(GAMES) + "."}, 404)
    values, problems = read_values(module.FIELDS, request.query_params)
    result = await _answer(module, values, problems)
    return JSONResponse(result, status_code=400 if result["errors"] else 200)


#: A chart's formats: the file extension -> (media type, shown in the page rather than downloaded).
CHART_FORMATS = {"svg": ("image/svg+xml", True), "png": ("image/png", False), "pdf": ("application/pdf", False),
                 "csv": ("text/csv; charset=utf-8", False)}
#: matplotlib's figures are drawn one at a time (its font cache and state are not made for threads).
_drawing = threading.Lock()


def draw_chart(kind, make, extension: str) -> tuple[bytes | None, str | None, bool]:
    """Draw the chart ``kind`` (``make()``: its rules and inputs, read from the page's values) into a
    private folder, within a page's limits: (the file's bytes, None, False), or (None, the sentence,
    whether it was refused as too long); ``csv`` is the numbers behind the chart."""
    with tempfile.TemporaryDirectory(prefix="odds-serve-") as folder:
        written = output.Output(out=str(Path(folder) / f"chart.{'svg' if extension == 'csv' else extension}"),
                                data=str(Path(folder) / "chart.csv"))

        def work():
            rules, inputs = make()
            output.check_output(written)
            figure, data = output.draw(kind, inputs, rules)
            output.write(figure, data, written)
            return True

        try:
            with _drawing:
                done, _ = _within_a_page(work)
        except OddsError as error:       # bad input, or work too long or too big for a page (said how long)
            return None, _as_sentence(str(error)), isinstance(error, budget.TooLong)
        if done is None:
            return None, "The server is stopping.", True
        return Path(written.data if extension == "csv" else written.out).read_bytes(), None, False


def _as_sentence(text: str) -> str:
    """A sentence as the page shows it: a capital first, a full stop last."""
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "?")) else text + "."


def sentence_svg(text: str) -> bytes:
    """A chart's place on the page holding one sentence (why the chart is not drawn), wrapped to fit."""
    lines = textwrap.wrap(text, 46)
    rows = "".join(f'<text x="16" y="{36 + 24 * i}">{html.escape(line)}</text>' for i, line in enumerate(lines))
    height = 48 + 24 * len(lines)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 {height}" width="400" height="{height}" '
            f'role="img" aria-label="{html.escape(text)}"><style>text{{font:15px sans-serif;fill:#777}}</style>'
            f'{rows}</svg>').encode()


async def chart(request):
    module = GAMES.get(request.path_params["game"])
    kind, _, extension = request.path_params["file"].partition(".")
    if module is None or extension not in CHART_FORMATS:
        return PlainTextResponse("There is no such chart; charts end in .svg, .png, .pdf or .csv.", 404)
    values, problems = read_values(module.FIELDS, request.query_params)
    make = module.charts(values).get(kind) if not problems else None
    if make is None:
        return PlainTextResponse(next(iter(problems.values()), f"There is no {kind} chart for this question."), 400)
    declared = next(each for each in KINDS[request.path_params["game"]] if each.name == kind)
    content, error, long = await anyio.to_thread.run_sync(draw_chart, declared, make, extension,
                                                          limiter=_limiter_now("charts"), abandon_on_cancel=True)
    if content is None and long and extension == "svg":
        # The page's picture says why it is missing (503: try again when its tables are built).
        return Response(sentence_svg(error), 503, media_type="image/svg+xml")
    if content is None:
        return PlainTextResponse(error, 503 if long else 400)
    media, inline = CHART_FORMATS[extension]
    filename = f"{module.SHORT.lower()}-{kind}.{extension}"
    headers = {} if inline else {"Content-Disposition": f'attachment; filename="{filename}"'}
    return Response(content, media_type=media, headers=headers)


# ------------------------------------------------------------------- long questions: jobs
#: Seconds a job's start waits for its work to begin, or for the command to refuse its values
#: (a bot's name is read before any work): the job's process starts, imports, reads its values.
EARLY_S = 15


async def _posted(request) -> QueryParams | None:
    """The form's inputs (address and body together), or None when the body is over ``MAX_QUERY``
    (read no further than that: an oversized request costs nothing)."""
    declared = request.headers.get("content-length", "0")
    if not declared.isdigit() or int(declared) > MAX_QUERY:
        return None
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_QUERY:
            return None
    return QueryParams([*request.query_params.multi_items(),
                        *QueryParams(body.decode("utf-8", errors="replace")).multi_items()])


async def job_start(request):
    """Start one of a page's long questions: the job's page (or its JSON) follows its progress."""
    api = request.url.path.startswith("/api/")
    name, key = request.path_params["game"], request.path_params["job"]
    module = GAMES.get(name)
    if module is not None and key == "answer":
        return await _answer_job(request, name, module, api)
    spec = getattr(module, "JOBS", {}).get(key) if module else None
    if spec is None:
        return _sentence(request, 404, "There is no such long question; the game pages list theirs.")
    query = await _posted(request)
    if query is None:
        return _sentence(request, 413, f"The request is too long; a question takes at most {MAX_QUERY:,} characters.")
    title, fields = spec
    values, problems = read_values(fields, query)
    if not problems:
        try:            # a value out of its range is refused before any work starts
            argv, work = module.job(key, values)
        except OddsError as error:
            problems[field_of(fields, None, sentence_of(error), values, error.field) or "form"] = sentence_of(error)
    status = 400
    if not problems:
        page = f"/{name}?" + str(QueryParams([(f.name, values[f.name]) for f in fields if values[f.name]]))
        try:
            job = jobs.start(title, argv, f"{name}/{key}", page, work=work)
        except jobs.TooMany as error:
            problems, status = {"form": str(error)}, 429
        else:
            # A value the command refuses once it runs (a bot's name) fails at once: its sentence
            # then goes beside the field, as any other's, rather than on the job's page.
            await anyio.to_thread.run_sync(job.wait_begun, EARLY_S)
            if job.state == "failed":
                problems = {field_of(fields, None, job.error, values) or "form": job.error}
        if not problems:
            if api:
                return JSONResponse({**job.to_dict(), "progress": f"/api/jobs/{job.id}"}, 202)
            return RedirectResponse(f"/jobs/{job.id}", 303)
    if api:
        return JSONResponse({"errors": problems}, status)
    return await _render(request, name, module, QueryParams(), query, {key: problems}, status)


async def _answer_job(request, name: str, module, api: bool):
    """A page's question too long for the page (its sentence says how long), worked out as a job:
    its page follows the progress, then shows the answer as the game's page would."""
    query = await _posted(request)
    if query is None:
        return _sentence(request, 413, f"The request is too long; a question takes at most {MAX_QUERY:,} characters.")
    values, problems = read_values(module.FIELDS, query)
    status = 400
    if not problems:
        page = f"/{name}?" + str(QueryParams([(f.name, values[f.name]) for f in module.FIELDS if values[f.name]]))
        asked = module.questions(values)
        try:
            job = jobs.start(f"{module.TITLE}: the answer, worked out in the background", asked[0][1] if asked else [],
                             f"{name}/answer", page, question=(name, values))
        except jobs.TooMany as error:
            problems, status = {"form": str(error)}, 429
        else:
            if api:
                return JSONResponse({**job.to_dict(), "progress": f"/api/jobs/{job.id}"}, 202)
            return RedirectResponse(f"/jobs/{job.id}", 303)
    if api:
        return JSONResponse({"errors": problems}, status)
    result = {"answers": {}, "errors": problems, "notes": {}, "commands": {}}
    return await _render(request, name, module, query, status=status, result=result)


async def job_page(request):
    job = jobs.get(request.path_params["id"])
    if job is None:
        return _sentence(request, 404, "There is no such job here; it ended long ago or the server restarted.")
    if request.url.path.startswith("/api/"):
        return JSONResponse(job.to_dict())
    game = job.kind.split("/")[0]
    if job.question is not None and job.state == "done":     # a page's question: shown as its page shows it
        values = job.question[1]
        return await _render(request, game, GAMES[game], QueryParams([(k, v) for k, v in values.items() if v]),
                             result=job.answer)
    return TEMPLATES.TemplateResponse(request, "job.html", {"games": GAMES, "game": game, "job": job.to_dict(),
                                                            "page": job.page,
                                                            "command": "odds " + shlex.join(job.argv)})


async def job_cancel(request):
    job = jobs.get(request.path_params["id"])
    if job is None:
        return _sentence(request, 404, "There is no such job here; it ended long ago or the server restarted.")
    job.cancel()
    # Answer once the work has stopped (its next step), so the page then says "cancelled".
    await anyio.to_thread.run_sync(job.wait, jobs.CANCEL_GRACE_S + 5)
    if request.url.path.startswith("/api/"):
        return JSONResponse(job.to_dict())
    return RedirectResponse(f"/jobs/{job.id}", 303)


async def not_found(request, exc):
    return _sentence(request, 404, "There is no page here; the games are listed on the front page.")


async def not_allowed(request, exc):
    if request.method == "GET":         # the address of a button: a long question's start, a Cancel
        return _sentence(request, 405, "This address is a button's; start or cancel a long question from its page.")
    return _sentence(request, 405, "These pages only read (GET); the inputs go in the address.")


async def server_error(request, exc):
    return _sentence(request, 500, "The question could not be answered; please report the address of this page.")


def _sentence(request, status: int, text: str):
    if request.url.path.startswith("/api/"):
        return JSONResponse({"error": text}, status)
    return TEMPLATES.TemplateResponse(request, "message.html", {"games": GAMES, "game": None, "message": text},
                                      status_code=status)


TOO_LONG = f"The address is too long; a question takes at most {MAX_QUERY:,} characters after the '?'."
TOO_LONG_PAGE = f"<!doctype html><title>Too long</title><p>{TOO_LONG}</p>"


class LimitQuery:
    """Refuses a query string longer than ``MAX_QUERY`` before any page reads it (414, one sentence)."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http" and len(scope.get("query_string", b"")) > MAX_QUERY:
            response = (JSONResponse({"error": TOO_LONG}, 414) if scope.get("path", "").startswith("/api/") else
                        HTMLResponse(TOO_LONG_PAGE, 414))
            await response(scope, receive, send)
            return
        await self.app(scope, receive, send)


@asynccontextmanager
async def _lifespan(app):
    # lazy: keeps numpy out of importing the page (tests, odds serve's checks) until it serves
    from analysis.bluff.sampled.search import compiled_search

    compiled_search()          # many questions: the search's compiled copies, loaded at its first, answer quicker
    yield
    jobs.cancel_all()          # the application stops: so does every long question it was working on


def stop() -> None:
    """The process is ending (Ctrl-C on ``odds serve``): every long question's process ends, and a
    question or chart still working stops at its next step (what has no steps is abandoned: the
    process ends without it)."""
    budget.stop_everything()
    jobs.cancel_all()


def create_app() -> Starlette:
    posted = {"methods": ["POST"]}
    routes = [Route("/", index), Route("/api/jobs/{id}", job_page), Route("/jobs/{id}", job_page),
              Route("/api/jobs/{id}/cancel", job_cancel, **posted), Route("/jobs/{id}/cancel", job_cancel, **posted),
              Route("/api/jobs/{game}/{job}", job_start, **posted), Route("/jobs/{game}/{job}", job_start, **posted),
              Route("/api/{game}", api), Route("/chart/{game}/{file}", chart),
              Route("/reports", reports), Route("/gallery", reports), Route("/{game}", page),
              Mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")]
    # The articles and the gallery's pictures, where this is a checkout that has them.
    for path, folder in (("/reports", articles.REPORTS), ("/gallery", articles.CHARTS)):
        if folder.is_dir():
            routes.append(Mount(path, StaticFiles(directory=str(folder))))
    app = Starlette(routes=routes, exception_handlers={404: not_found, 405: not_allowed, 500: server_error},
                    lifespan=_lifespan)
    app.add_middleware(LimitQuery)
    return app


app = create_app()
