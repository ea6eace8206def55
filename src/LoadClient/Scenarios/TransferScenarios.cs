using RpcCompare.Contracts;
using RpcCompare.LoadClient.Clients;

namespace RpcCompare.LoadClient.Scenarios;

/// <summary>
/// Study 1, bulk transfer: the server records the first 4,000 wide records of a query once; clients then ask for the
/// first X of them. One result row per X.
/// </summary>
public sealed class BulkTransferScenario : Scenario
{
    public const int SnapshotSize = GraphContract.BulkSnapshotSize;
    public static readonly int[] Sizes = [100, 500, 1_000, 2_000, 4_000];
    private long _snapshotId;

    public override string Name => "bulk-transfer";

    public override string Origin => "gRPC vs WCF on a graph database: the first X of 4,000 pre-recorded wide records, 10 threads";

    public override double EstimatedMsPerUnit(string variant) => variant switch
    {
        "x=100" => 15,
        "x=500" => 60,
        "x=1000" => 120,
        "x=2000" => 240,
        _ => 480,
    };

    public override async Task PrepareAsync(IGraphClient client, CancellationToken cancellationToken) =>
        _snapshotId = (await client.PrepareSnapshotAsync(SnapshotSize, cancellationToken)).Id;

    public override IReadOnlyList<Variant> Variants(StackTraits stack, ScenarioData data) =>
        [.. Sizes.Select(x => new Variant($"x={x}", DefaultThreads, 200, 1,
            (c, _, ct) => c.GetRecordsAsync(_snapshotId, x, ct)))];
}

/// <summary>
/// Study 2 and 3, ping: calls without the database, 1,000 sequential ones (as the REST/GraphQL/gRPC study timed them)
/// and the same at 10 threads.
/// </summary>
public sealed class PingScenario : Scenario
{
    public override string Name => "ping";

    public override string Origin => "REST vs GraphQL vs gRPC: 1,000 sequential calls without the database; and at 10 threads";

    public override double EstimatedMsPerUnit(string variant) => variant == "1-thread" ? 0.3 : 0.1;

    public override IReadOnlyList<Variant> Variants(StackTraits stack, ScenarioData data) =>
    [
        new("1-thread", 1, 1_000, 1, (c, _, ct) => c.PingAsync("ping", ct)) { ThreadsApply = false },
        new(Variant.ThreadsName(DefaultThreads), DefaultThreads, 1_000, 1, (c, _, ct) => c.PingAsync("ping", ct)) { NamedByThreads = true },
    ];
}

/// <summary>Study 3, payload sweep: ping with payloads from 100 bytes to 100 KB.</summary>
public sealed class PayloadSweepScenario : Scenario
{
    private static readonly (string Name, int Size)[] Payloads = [("100B", 100), ("1KB", 1_000), ("10KB", 10_000), ("100KB", 100_000)];

    public override string Name => "payload-sweep";

    public override string Origin => "gRPC's client benchmarks: ping-pong of one message of 100 B to 100 KB";

    public override double EstimatedMsPerUnit(string variant) => variant == "100KB" ? 2 : 0.4;

    public override IReadOnlyList<Variant> Variants(StackTraits stack, ScenarioData data) =>
        [.. Payloads.Select(p =>
        {
            // The same printable payload for every stack: no escaping, no base64, only the wire formats differ.
            var payload = string.Create(p.Size, 0, (span, _) =>
            {
                for (var i = 0; i < span.Length; i++)
                {
                    span[i] = (char)('a' + i % 26);
                }
            });
            return new Variant(p.Name, 1, 1_000, 1, (c, _, ct) => c.PingAsync(payload, ct));
        })];
}

/// <summary>Study 2, write: 1,000 sequential calls, each inserting one node and committing.</summary>
public sealed class WriteScenario : Scenario
{
    private long _sequence;

    public override string Name => "write";

    public override string Origin => "REST vs GraphQL vs gRPC: 1,000 sequential calls, each storing one item in Postgres";

    public override bool Writes => true;

    public override double EstimatedMsPerUnit(string variant) => 3;

    public override IReadOnlyList<Variant> Variants(StackTraits stack, ScenarioData data) =>
    [
        new("", 1, 1_000, 1, (c, _, ct) => c.CreateNodeAsync(new NewNode
        {
            Name = $"written-{c.Stack}-{Interlocked.Increment(ref _sequence)}",
            Type = "event",
        }, ct)),
    ];
}
