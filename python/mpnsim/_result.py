"""The results' common shape: the command's JSON as attributes."""

import json


class JsonResult:
    """A run's figures: each key of the command's --format json output is an attribute."""

    def __init__(self, text):
        self._json = json.loads(text)

    def __getattr__(self, name):
        try:
            return self.__dict__["_json"][name]
        except KeyError:
            raise AttributeError(name) from None

    def __dir__(self):
        return sorted(set(super().__dir__()) | set(self._json))

    def as_dict(self):
        """The command's JSON output as a dict (a copy)."""
        return json.loads(json.dumps(self._json))
