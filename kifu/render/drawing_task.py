"""Drawing many records into an output folder (``kifu render --output-dir``): a drawing of each
record in one of the render formats, on the batch runner of :mod:`kifu.run.output_folder`."""
from __future__ import annotations

from dataclasses import dataclass, field

from kifu.base.errors import KifuError
from kifu.render.formats import RENDER_FORMATS, Drawing
from kifu.run.load import Loaded
from kifu.run.output_folder import OutputTask


@dataclass(frozen=True)
class RenderTask(OutputTask):
    """``kifu render --output-dir``: a drawing of each record, in one of the render formats."""

    format: str = "svg"
    drawing: Drawing = field(default_factory=Drawing)

    def suffix(self, loaded: Loaded) -> str:
        return RENDER_FORMATS[self.format].suffix

    def output_encoding(self, loaded: Loaded) -> str:
        return "latin-1" if RENDER_FORMATS[self.format].binary else "utf-8"

    def writes(self, suffix: str) -> bool:
        return suffix == RENDER_FORMATS[self.format].suffix

    def make(self, loaded: Loaded, output: str) -> tuple[str, list[KifuError]]:
        return RENDER_FORMATS[self.format].draw(loaded, self.drawing), []
