"""Files every machine of a deployment reaches, named by URL: an S3-compatible bucket
(``s3://bucket/prefix/name``; boto3, the endpoint from ``$PPTXAGENT_S3_ENDPOINT`` or
``$AWS_ENDPOINT_URL``, credentials as boto3 finds them) or a shared folder
(``file:///mnt/shared/name``). Templates, finished decks and thumbnails travel this way
between a batch (or the API) and Celery workers on other machines. Reads land in a
temporary file renamed into place: a reader never sees half a file."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

import boto3

from pptxagent.errors import InputError

S3_ENDPOINT_ENV = "PPTXAGENT_S3_ENDPOINT"


def is_url(value: str) -> bool:
    return value.startswith(("s3://", "file://"))


def join(base: str, *names: str) -> str:
    return "/".join([base.rstrip("/"), *(n.strip("/") for n in names)])


def _s3(url: str) -> tuple[Any, str, str]:
    u = urlparse(url)
    if not u.netloc:
        raise InputError(f"{url}: an s3:// URL names a bucket (s3://bucket/prefix)")
    endpoint = os.environ.get(S3_ENDPOINT_ENV) or os.environ.get("AWS_ENDPOINT_URL")
    client = boto3.client("s3", endpoint_url=endpoint or None)
    return client, u.netloc, u.path.lstrip("/")


def _path(url: str) -> Path:
    return Path(unquote(urlparse(url).path))


def _into(dest: Path, write: Any) -> None:
    dest.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{dest.name}.", suffix=".tmp", dir=dest.parent)
    os.close(fd)
    try:
        write(tmp)
        os.replace(tmp, dest)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def fetch(url: str, dest: Path) -> Path:
    """The file at ``url`` copied to ``dest`` (atomically)."""
    if url.startswith("s3://"):
        client, bucket, key = _s3(url)
        _into(dest, lambda tmp: client.download_file(bucket, key, tmp))
    elif url.startswith("file://"):
        src = _path(url)
        _into(dest, lambda tmp: shutil.copyfile(src, tmp))
    else:
        raise InputError(f"{url}: not a file store URL (s3:// or file://)")
    return dest


def put(src: Path, url: str) -> str:
    """``src`` stored at ``url`` (atomically for a shared folder; S3 puts are whole)."""
    if url.startswith("s3://"):
        client, bucket, key = _s3(url)
        client.upload_file(str(src), bucket, key)
    elif url.startswith("file://"):
        _into(_path(url), lambda tmp: shutil.copyfile(src, tmp))
    else:
        raise InputError(f"{url}: not a file store URL (s3:// or file://)")
    return url


def exists(url: str) -> bool:
    if url.startswith("s3://"):
        client, bucket, key = _s3(url)
        try:
            client.head_object(Bucket=bucket, Key=key)
        except client.exceptions.ClientError:
            return False
        return True
    return _path(url).is_file()


def check(base: str) -> None:
    """A store URL a batch can use: reachable and writable (a probe file is put and read)."""
    if not is_url(base):
        raise InputError(f"--store {base}: give s3://bucket/prefix or file:///shared/folder")
    probe = join(base, ".pptxagent-probe")
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "probe"
        src.write_text("ok")
        try:
            put(src, probe)
            fetch(probe, Path(tmp) / "back")
        except InputError:
            raise
        except Exception as exc:
            raise InputError(f"--store {base}: not reachable or not writable "
                             f"({type(exc).__name__}: {exc})") from None


__all__ = ["check", "exists", "fetch", "is_url", "join", "put"]
