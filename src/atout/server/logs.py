"""Structured logs: one JSON object a line, through the standard :mod:`logging` module.

Operators feed these lines to whatever collects logs; tests read them back.
A record's ``extra`` fields (``event``, ``table``, ``seat``, ``reason``...)
become keys of the object, next to the time, level, logger and message.

>>> import io
>>> stream = io.StringIO()
>>> logger = logging.getLogger("atout.doctest")
>>> handler = logging.StreamHandler(stream)
>>> handler.setFormatter(JsonFormatter())
>>> logger.addHandler(handler)
>>> logger.warning("refused", extra={"event": "action.refused", "seat": 2})
>>> line = json.loads(stream.getvalue())
>>> line["event"], line["seat"], line["level"]
('action.refused', 2, 'warning')
"""

from __future__ import annotations

import json
import logging
import sys
from datetime import UTC, datetime
from typing import Any

__all__ = ["FORMATS", "JsonFormatter", "TextFormatter", "configure_logging", "log_event"]

log = logging.getLogger("atout.server")

_STANDARD = set(logging.makeLogRecord({}).__dict__) | {"message", "asctime", "taskName"}


class JsonFormatter(logging.Formatter):
    """Format a record as one JSON line, its ``extra`` fields included."""

    def format(self, record: logging.LogRecord) -> str:
        """The JSON line (no newline inside: exceptions are escaped into ``exc``)."""
        out: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        for key, value in record.__dict__.items():
            if key not in _STANDARD and not key.startswith("_"):
                out[key] = value
        if record.exc_info:
            out["exc"] = self.formatException(record.exc_info)
        return json.dumps(out, default=str)


_NOISE = {"event", "color_message"}
"""Fields a text line leaves out: the event is the message, colours are uvicorn's."""


class TextFormatter(logging.Formatter):
    """Format a record as one readable line: time, level, message, then ``key=value`` fields.

    >>> record = logging.makeLogRecord(
    ...     {"msg": "table.created", "levelname": "INFO", "created": 0, "table": "abc"}
    ... )
    >>> TextFormatter().format(record)
    '1970-01-01 00:00:00 info  table.created table=abc'
    """

    def format(self, record: logging.LogRecord) -> str:
        """The line (an exception's traceback follows on the next lines)."""
        when = datetime.fromtimestamp(record.created, UTC).strftime("%Y-%m-%d %H:%M:%S")
        fields = " ".join(
            f"{key}={value}"
            for key, value in record.__dict__.items()
            if key not in _STANDARD and not key.startswith("_") and key not in _NOISE
        )
        line = f"{when} {record.levelname.lower():<5} {record.getMessage()}"
        line = f"{line} {fields}" if fields else line
        if record.exc_info:
            line = f"{line}\n{self.formatException(record.exc_info)}"
        return line


FORMATS = {"json": JsonFormatter, "text": TextFormatter}
"""The log formats a server can print (``--log-format``)."""


def configure_logging(level: int | str = logging.INFO, log_format: str = "json") -> None:
    """Send ``atout`` and ``uvicorn`` logs to stderr, JSON lines or text (idempotent)."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(FORMATS[log_format]())
    for name in ("atout", "uvicorn", "uvicorn.error", "uvicorn.access"):
        logger = logging.getLogger(name)
        logger.handlers = [handler]
        logger.setLevel(level)
        logger.propagate = False


def log_event(event: str, level: int = logging.INFO, **fields: Any) -> None:
    """One structured log line (``event`` plus fields; the JSON formatter prints them all)."""
    log.log(level, event, extra={"event": event, **fields})
