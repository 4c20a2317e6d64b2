from .access import is_director, runs_slug


def director(request) -> dict:
    """`is_director` in templates: on a tournament's pages (a `slug` in the address), whether
    the visitor runs that tournament; elsewhere, whether they are a director at all."""
    match = getattr(request, "resolver_match", None)
    slug = match.kwargs.get("slug") if match else None
    if slug is not None and is_director(request.user):
        return {"is_director": runs_slug(request.user, slug) is not False}
    return {"is_director": is_director(request.user)}
