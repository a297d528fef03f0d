/// What refuses a search: a term the user denied (equal or a prefix, everywhere), or a search that
/// found nothing before (the same search only).
public enum Refusal: Equatable, Sendable {
    case term(String)
    case search(DeniedSearch)
}
