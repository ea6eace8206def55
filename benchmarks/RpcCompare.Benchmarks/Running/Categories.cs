namespace RpcCompare.Benchmarks.Running;

/// <summary>Names for <c>--anyCategories</c> / <c>--allCategories</c>.</summary>
public static class Categories
{
    public const string Serialize = "Serialize";
    public const string Deserialize = "Deserialize";

    public const string Links = "Links";
    public const string Records = "Records";
    public const string Articles = "Articles";

    /// <summary>Messages of a few hundred bytes to a few KB: many iterations are cheap.</summary>
    public const string Small = "Small";

    /// <summary>Messages of MBs: few, long iterations.</summary>
    public const string Large = "Large";
}
