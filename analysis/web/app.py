"""The web application behind ``odds serve``: one page per game, its JSON twin, the shipped assets.

``GET /GAME?FIELD=VALUE...`` draws the game's form with the answer above it (on a phone) or
beside it; ``GET /api/GAME?...`` gives the same answer as JSON: ``answers`` holds each command's
``--json`` under its name, ``errors`` the sentence for each wrong field, ``commands`` the command
lines asked. The inputs live in the address, so an answer is shared by sharing its link.

Questions run in worker threads (a few at a time), so a slow one - a simulation, a table built
for the first time - never stops the server answering others.
"""

from __future__ import annotations

import shlex
from pathlib import Path

import anyio
from starlette.applications import Starlette
from starlette.responses import HTMLResponse, JSONResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates

from analysis.web import backgammon, bluff, brag, yacht
from analysis.web.ask import ask
from analysis.web.forms import MAX_QUERY, field_of, read_values

HERE = Path(__file__).resolve().parent
GAMES = {"bluff": bluff, "yacht": yacht, "brag": brag, "backgammon": backgammon}
TEMPLATES = Jinja2Templates(directory=str(HERE / "templates"))
#: Questions computed at once; more wait their turn (each holds a worker thread while it runs).
CONCURRENT_QUESTIONS = 4
_limiter: anyio.CapacityLimiter | None = None


def answer(module, values: dict) -> dict:
    """Ask ``module``'s questions for ``values``: every answer, or the first wrong field's sentence."""
    result = {"answers": {}, "errors": {}, "notes": {}, "commands": {}}
    for name, argv in module.questions(values):
        result["commands"][name] = "odds " + shlex.join([*argv, "--json"])
        reply = ask(argv)
        if reply.ok:
            result["answers"][name] = reply.data
        elif name in getattr(module, "NOTES", ()):
            result["notes"][name] = reply.error        # "not a race": no fault of the form
        else:
            # One wrong field: its sentence alone, no half of an answer beside it.
            result["errors"][field_of(module.FIELDS, reply.flag, reply.error, values) or "form"] = reply.error
            result["answers"] = {}
            break
    return result


async def _answer(module, values: dict, problems: dict) -> dict:
    global _limiter
    if problems:
        return {"answers": {}, "errors": problems, "notes": {}, "commands": {}}
    if _limiter is None:
        _limiter = anyio.CapacityLimiter(CONCURRENT_QUESTIONS)
    return await anyio.to_thread.run_sync(answer, module, values, limiter=_limiter)


def _asked(module, request) -> bool:
    return any(field.name in request.query_params for field in module.FIELDS)


async def index(request):
    return TEMPLATES.TemplateResponse(request, "index.html", {"games": GAMES, "game": None})


async def page(request):
    name = request.path_params["game"]
    module = GAMES.get(name)
    if module is None:
        return await not_found(request, None)
    values, problems = read_values(module.FIELDS, request.query_params)
    result = await _answer(module, values, problems) if _asked(module, request) else None
    context = {"games": GAMES, "game": name, "module": module, "values": values, "result": result,
               "extra": _extra(name, values)}
    status = 400 if result and result["errors"] else 200
    return TEMPLATES.TemplateResponse(request, f"{name}.html", context, status_code=status)


def _extra(name: str, values: dict) -> dict:
    """What a page draws beyond its fields: the dice faces to tap, the boxes of the chosen Yacht preset."""
    if name == "bluff":
        return {"faces": ["1", "2", "3", "4", "5", "6", "*"]}
    if name == "yacht":
        chosen = set(values["open"].split(",")) if values["open"] else set()
        return {"faces": list("123456"), "boxes": yacht.box_names(values["preset"]), "chosen": chosen}
    return {"faces": list("123456")}


async def api(request):
    module = GAMES.get(request.path_params["game"])
    if module is None:
        return JSONResponse({"error": "There is no such game; the games are " + ", ".join(GAMES) + "."}, 404)
    values, problems = read_values(module.FIELDS, request.query_params)
    result = await _answer(module, values, problems)
    return JSONResponse(result, status_code=400 if result["errors"] else 200)


async def not_found(request, exc):
    return _sentence(request, 404, "There is no page here; the games are listed on the front page.")


async def server_error(request, exc):
    return _sentence(request, 500, "The question could not be answered; please report the address of this page.")


def _sentence(request, status: int, text: str):
    if request.url.path.startswith("/api/"):
        return JSONResponse({"error": text}, status)
    return TEMPLATES.TemplateResponse(request, "message.html", {"games": GAMES, "game": None, "message": text},
                                      status_code=status)


class LimitQuery:
    """Refuses a query string longer than ``MAX_QUERY`` before any page reads it (414, one sentence)."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http" and len(scope.get("query_string", b"")) > MAX_QUERY:
            text = f"The address is too long; a question takes at most {MAX_QUERY:,} characters after the '?'."
            response = (JSONResponse({"error": text}, 414) if scope.get("path", "").startswith("/api/") else
                        HTMLResponse(f"<!doctype html><title>Too long</title><p>{text}</p>", 414))
            await response(scope, receive, send)
            return
        await self.app(scope, receive, send)


def create_app() -> Starlette:
    routes = [Route("/", index), Route("/api/{game}", api), Route("/{game}", page),
              Mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")]
    app = Starlette(routes=routes, exception_handlers={404: not_found, 500: server_error})
    app.add_middleware(LimitQuery)
    return app


app = create_app()
