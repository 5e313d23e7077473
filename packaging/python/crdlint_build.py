"""PEP 517 build backend for crdlint: maturin, preceded by a look for the published wheel.

Why this exists: pre-commit installs a `language: python` hook with `pip install .` in a clone
of the hook repository. With maturin as the backend that compiles crdlint (a Rust toolchain and
minutes on every developer's machine). This backend first asks pip for the published wheel of
the same version for this platform (PyPI, or whatever index/find-links pip is configured with)
and hands that over unchanged; only when there is none does it build from source with maturin,
exactly as maturin's own backend would.

Environment:
  CRDLINT_BUILD_FROM_SOURCE=1   skip the look for a published wheel and build with maturin.
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile

NAME = "crdlint"
MATURIN = "maturin>=1.5,<2"
_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _log(message):
    print(f"crdlint build: {message}", file=sys.stderr, flush=True)


def _from_source_only():
    return os.environ.get("CRDLINT_BUILD_FROM_SOURCE", "") not in ("", "0")


def _cargo_version():
    """The version in Cargo.toml's [package] table: the single source of truth."""
    with open(os.path.join(_ROOT, "Cargo.toml"), encoding="utf-8") as cargo:
        in_package = False
        for line in cargo:
            table = re.match(r"\s*\[([^\]]+)\]", line)
            if table:
                in_package = table.group(1).strip() == "package"
                continue
            version = re.match(r'\s*version\s*=\s*"([^"]+)"', line)
            if in_package and version:
                return version.group(1)
    raise RuntimeError("no version in the [package] table of Cargo.toml")


def _published_wheel(wheel_directory):
    """Download crdlint==<version> as a binary wheel for this interpreter; its file name or None."""
    version = _cargo_version()
    with tempfile.TemporaryDirectory() as scratch:
        command = [
            sys.executable, "-m", "pip", "download", "--disable-pip-version-check",
            "--only-binary=:all:", "--no-deps", "--dest", scratch, f"{NAME}=={version}",
        ]
        done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        wheels = [f for f in os.listdir(scratch) if f.endswith(".whl")]
        if done.returncode != 0 or len(wheels) != 1:
            _log(f"no published wheel of {NAME} {version} for this platform; building from source")
            sys.stderr.write(done.stdout)
            return None
        shutil.copy(os.path.join(scratch, wheels[0]), os.path.join(wheel_directory, wheels[0]))
        _log(f"using the published wheel {wheels[0]} (nothing compiled)")
        return wheels[0]


def _maturin():
    import maturin  # installed by get_requires_for_build_wheel / _sdist

    return maturin


# PEP 517 hooks. pip is asked for along with maturin: the build environment is isolated from
# the interpreter's site-packages, so the pip that downloads the published wheel must be its own.
def get_requires_for_build_wheel(config_settings=None):
    return [MATURIN] if _from_source_only() else ["pip", MATURIN]


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    if not _from_source_only():
        published = _published_wheel(wheel_directory)
        if published:
            return published
    return _maturin().build_wheel(wheel_directory, config_settings, metadata_directory)


def get_requires_for_build_sdist(config_settings=None):
    return [MATURIN]


def build_sdist(sdist_directory, config_settings=None):
    return _maturin().build_sdist(sdist_directory, config_settings)


def get_requires_for_build_editable(config_settings=None):
    return [MATURIN]


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    return _maturin().build_editable(wheel_directory, config_settings, metadata_directory)
