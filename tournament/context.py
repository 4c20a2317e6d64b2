from .access import is_director


def director(request) -> dict:
    return {"is_director": is_director(request.user)}
