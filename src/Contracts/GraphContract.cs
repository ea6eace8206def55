namespace RpcCompare.Contracts;

/// <summary>
/// Names and limits every stack shares, so that all four agree on what is valid. (The contract types in Model/ have
/// settable properties rather than init-only ones: System.Text.Json's source generator reads init-only properties through
/// its constructor path, which boxes every value and made reading 250,000 links 1.7 times slower; see docs/serializers.md.)
/// </summary>
public static class GraphContract
{
    /// <summary>XML namespace of the DataContract types (the WCF stack's wire names).</summary>
    public const string DataNamespace = "http://rpccompare.dev/graph/data";

    /// <summary>Namespace and name of the WCF service contract; client and host pass the same values.</summary>
    public const string ServiceNamespace = "http://rpccompare.dev/graph";
    public const string ServiceName = "GraphService";

    /// <summary>The studied system capped name searches at 100,000 results.</summary>
    public const int MaxSearchLimit = 100_000;

    /// <summary>Longer terms are refused: no real name is this long, and a huge term is a cheap denial of service.</summary>
    public const int MaxSearchTermLength = 200;

    /// <summary>Ping echoes at most this many characters (the payload sweep goes to 100 KB).</summary>
    public const int MaxPingPayloadLength = 1_048_576;

    public const int MaxListLimit = 10_000;
    public const int MaxNeighbourhoodIds = 1_000;

    /// <summary>
    /// GetNeighbourhoods refuses a batch whose nodes have more links than this in total (their link counts, summed before
    /// any link is read): twice the biggest hub of the default dataset. A thousand ids are a 1 KB request, and the hundred
    /// biggest hubs alone hold about a million links.
    /// </summary>
    public const int MaxNeighbourhoodLinks = 500_000;

    public const int MaxSnapshotSize = 100_000;

    /// <summary>The snapshot the bulk-transfer scenario prepares: the only one a read-only host records.</summary>
    public const int BulkSnapshotSize = 4_000;
    public const int MaxNodeNameLength = 200;

    /// <summary>Streaming variants send links and search hits in batches of this many, never one item per message.</summary>
    public const int StreamBatchSize = 1_000;
}
