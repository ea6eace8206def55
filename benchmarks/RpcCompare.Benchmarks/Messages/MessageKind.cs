namespace RpcCompare.Benchmarks.Messages;

/// <summary>The messages the studies measured, built from the project's contract types.</summary>
public enum MessageKind
{
    /// <summary>The links of a leaf node: 98% of the studied graph's nodes have fewer than two.</summary>
    LeafLinks,

    /// <summary>The links of a big hub (the studied system's search returned the first 10,000).</summary>
    HubLinks10k,

    /// <summary>The links of the most connected hub: the studied system's worst case.</summary>
    HubLinks250k,

    /// <summary>One wide record of 60 attributes.</summary>
    WideRecord,

    /// <summary>The bulk-transfer result set: 4,000 wide records.</summary>
    WideRecords4000,

    /// <summary>The Java study's 100,000 article-like objects.</summary>
    Articles100k,
}
