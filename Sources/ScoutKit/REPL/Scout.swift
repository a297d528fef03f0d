/// Facts about this build.
public enum Scout {
    public static let version = "0.1.0"
}
