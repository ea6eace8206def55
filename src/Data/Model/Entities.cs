using RpcCompare.Contracts;

namespace RpcCompare.Data.Model;

public sealed class NodeType
{
    public short Id { get; set; }
    public string Name { get; set; } = "";
}

public sealed class LinkType
{
    public short Id { get; set; }
    public string Name { get; set; } = "";
}

public sealed class Node
{
    public long Id { get; set; }
    public string Name { get; set; } = "";

    /// <summary>
    /// The name lower-cased (<see cref="KeyOf"/>): what name search matches and orders by. Written by whoever writes the
    /// name, with the same function the search applies to its term, so the two always agree.
    /// </summary>
    public string NameKey { get; set; } = "";

    public static string KeyOf(string name) => name.ToLowerInvariant();

    public short TypeId { get; set; }
    public NodeType Type { get; set; } = null!;
    public DateTime CreatedAt { get; set; }

    /// <summary>Out-degree, kept with the node so GetNode and the hub list need no count over links.</summary>
    public int LinkCount { get; set; }
}

public sealed class Link
{
    public long Id { get; set; }
    public long SourceId { get; set; }
    public Node Source { get; set; } = null!;
    public long TargetId { get; set; }
    public Node Target { get; set; } = null!;
    public short TypeId { get; set; }
    public LinkType Type { get; set; } = null!;
    public double Weight { get; set; }
    public DateTime CreatedAt { get; set; }
}

/// <summary>A result set recorded once on the server (bulk-transfer scenario): its items are record ids in order.</summary>
public sealed class Snapshot
{
    public long Id { get; set; }
    public int Size { get; set; }
    public DateTime CreatedAt { get; set; }
}

public sealed class SnapshotItem
{
    public long SnapshotId { get; set; }
    public int Seq { get; set; }
    public long RecordId { get; set; }
    public WideRecord Record { get; set; } = null!;
}

/// <summary>What is loaded, so an identical dataset is never loaded twice.</summary>
public sealed class DatasetInfo
{
    public int Id { get; set; }
    public string Fingerprint { get; set; } = "";
    public string Preset { get; set; } = "";
    public long Nodes { get; set; }
    public long Links { get; set; }
    public long Records { get; set; }
    public int MaxDegree { get; set; }
    public DateTime LoadedAt { get; set; }

    /// <summary>False while loading: a crash mid-load leaves a dataset that is reloaded, never used.</summary>
    public bool Complete { get; set; }
}
