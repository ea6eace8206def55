namespace RpcCompare.UnitTests.GraphQl;

public sealed record NodeSummary
{
    public long Id { get; init; }

    public string Name { get; init; } = string.Empty;

    public string Type { get; init; } = string.Empty;
}

public sealed record LinkView
{
    public long Id { get; init; }

    public string Type { get; init; } = string.Empty;

    public double Weight { get; init; }

    public DateTime CreatedAt { get; init; }

    public NodeSummary Target { get; init; } = new();
}

public sealed record NodeDetails
{
    public long Id { get; init; }

    public string Name { get; init; } = string.Empty;

    public NodeKind Kind { get; init; }

    public string? Note { get; init; }

    public int LinkCount { get; init; }
}

public sealed record Neighbourhood(NodeSummary Node, LinkView[] Links);

public sealed record Snapshot(long Id, int Size);

public sealed record Measurement(double Value);

public sealed record WideRecord
{
    public long Id { get; init; }

    public string Title { get; init; } = string.Empty;

    public string? Comment { get; init; }

    public int Rank { get; init; }

    public double Score { get; init; }

    public bool Active { get; init; }

    public DateTime Stamp { get; init; }
}

public enum NodeKind
{
    Person,
    HubNode,
}

public sealed record NodeFilter(string Term, int Limit = 10);

public sealed class NodeNotFoundException(long id) : Exception($"Node {id} does not exist.")
{
    public long Id { get; } = id;
}

/// <summary>In-memory stand-in for the project's query service, counting calls so tests can check batching.</summary>
public sealed class TestGraph
{
    public static readonly DateTime Epoch = new(2024, 5, 1, 12, 30, 0, DateTimeKind.Utc);

    public TestGraph(int nodeCount = 10, int linksPerNode = 3)
    {
        Nodes = Enumerable.Range(1, nodeCount)
            .Select(i => new NodeSummary { Id = i, Name = $"node-{i}", Type = i % 2 == 0 ? "even" : "odd" })
            .ToList();
        foreach (var node in Nodes)
        {
            Links[node.Id] = Enumerable.Range(0, linksPerNode)
                .Select(j => new LinkView
                {
                    Id = (node.Id * 100) + j,
                    Type = "knows",
                    Weight = 0.5 + j,
                    CreatedAt = Epoch.AddSeconds(j),
                    Target = Nodes[(int)((node.Id + j) % nodeCount)],
                })
                .ToList();
        }
    }

    public List<NodeSummary> Nodes { get; }

    public Dictionary<long, List<LinkView>> Links { get; } = [];

    public List<IReadOnlyList<long>> LinkBatches { get; } = [];

    public List<string> MutationLog { get; } = [];

    public int NodeCalls { get; private set; }

    public async Task<IReadOnlyList<NodeSummary>> GetNodesAsync(long after, int first, CancellationToken cancellationToken)
    {
        await Task.Yield();
        cancellationToken.ThrowIfCancellationRequested();
        NodeCalls++;
        return Nodes.Where(n => n.Id > after).Take(first).ToList();
    }

    public async Task<NodeDetails?> GetNodeAsync(long id, CancellationToken cancellationToken)
    {
        await Task.Yield();
        cancellationToken.ThrowIfCancellationRequested();
        if (id == 404)
        {
            throw new NodeNotFoundException(id);
        }

        var node = Nodes.FirstOrDefault(n => n.Id == id);
        return node is null ? null : new NodeDetails { Id = id, Name = node.Name, Kind = NodeKind.Person, LinkCount = Links[id].Count };
    }

    public async Task<ILookup<long, LinkView>> GetLinksBatchAsync(IReadOnlyList<long> nodeIds, CancellationToken cancellationToken)
    {
        await Task.Yield();
        cancellationToken.ThrowIfCancellationRequested();
        lock (LinkBatches)
        {
            LinkBatches.Add([.. nodeIds]);
        }

        return nodeIds.SelectMany(id => Links.TryGetValue(id, out var links) ? links : []).ToLookup(l => l.Id / 100);
    }

    public IReadOnlyList<WideRecord> GetRecords(int count) =>
        Enumerable.Range(1, count)
            .Select(i => new WideRecord { Id = i, Title = $"record \"{i}\"", Comment = i % 2 == 0 ? null : "odd", Rank = i, Score = i / 4.0, Active = i % 3 == 0, Stamp = Epoch.AddMinutes(i) })
            .ToList();
}
