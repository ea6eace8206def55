using RpcCompare.Contracts;
using RpcCompare.Contracts.Wcf;
using RpcCompare.LoadClient.Clients;
using RpcCompare.Stacks;

namespace RpcCompare.UnitTests.Clients;

/// <summary>
/// The one adaptation of <see cref="IGraphClient"/> to the WCF contract that the WCF, code-first gRPC (and SOAP) clients
/// share, driven through an invoker that calls a recording contract directly.
/// </summary>
public sealed class ServiceContractGraphClientTests
{
    [Fact]
    public async Task EachOperationCallsTheContractWithItsArguments()
    {
        var service = new RecordingService();
        await using var client = new DirectClient(service);

        await client.PingAsync("p", default);
        await client.GetLinksAsync(5, default);
        await client.SearchNodesAsync("term", 7, default);
        await client.PrepareSnapshotAsync(100, default);
        await client.GetRecordsAsync(3, 20, default);
        await client.CreateNodeAsync(new NewNode { Name = "n", Type = "t" }, default);
        await client.ListNodesAsync(40, 10, default);
        await client.GetNodeAsync(9, default);
        await client.GetNeighbourhoodsAsync([1, 2], default);

        Assert.Equal(
            ["Ping p", "GetLinks 5", "SearchNodes term 7", "PrepareSnapshot 100", "GetRecords 3 20", "CreateNode n t",
                "ListNodes 40 10", "GetNode 9", "GetNeighbourhoods 1,2"],
            service.Calls);
    }

    [Fact]
    public async Task HealthIsTheContractsServingAnswer()
    {
        await using var serving = new DirectClient(new RecordingService());
        await using var failing = new DirectClient(new RecordingService(), fails: true);

        Assert.True(await serving.CheckHealthAsync(default));
        Assert.False(await failing.CheckHealthAsync(default));
    }

    [Fact]
    public async Task StreamsAreRefusedNamingTheStack()
    {
        await using var client = new DirectClient(new RecordingService());

        var links = await Assert.ThrowsAsync<NotSupportedException>(() => client.StreamLinksAsync(1, default));
        var search = await Assert.ThrowsAsync<NotSupportedException>(() => client.StreamSearchNodesAsync("a", 1, default));

        Assert.Equal("The WCF stack has no streaming variant.", links.Message);
        Assert.Equal(links.Message, search.Message);
    }

    /// <summary>The invoker in its simplest form: the contract is called in-process; a failing one refuses every call.</summary>
    private sealed class DirectClient(IGraphService service, bool fails = false) : ServiceContractGraphClient
    {
        public override string Stack => StackCatalog.Wcf;

        public override string Description => "in-process";

        public override (long Sent, long Received) WireBytes => (0, 0);

        protected override Task<T> CallAsync<T>(Func<IGraphService, Task<T>> operation, CancellationToken cancellationToken) =>
            fails ? throw new GraphCallException(ErrorKind.Refused, "refused", "no host") : operation(service);

        public override ValueTask DisposeAsync() => ValueTask.CompletedTask;
    }

    private sealed class RecordingService : IGraphService
    {
        public List<string> Calls { get; } = [];

        public Task<string> PingAsync(string payload) => Record($"Ping {payload}", payload);

        public Task<LinkView[]> GetLinksAsync(GetLinksRequest request) => Record($"GetLinks {request.NodeId}", Array.Empty<LinkView>());

        public Task<NodeSummary[]> SearchNodesAsync(SearchNodesRequest request) =>
            Record($"SearchNodes {request.Term} {request.Limit}", Array.Empty<NodeSummary>());

        public Task<SnapshotInfo> PrepareSnapshotAsync(PrepareSnapshotRequest request) =>
            Record($"PrepareSnapshot {request.Size}", new SnapshotInfo());

        public Task<WideRecord[]> GetRecordsAsync(GetRecordsRequest request) =>
            Record($"GetRecords {request.SnapshotId} {request.Count}", Array.Empty<WideRecord>());

        public Task<NodeDetails> CreateNodeAsync(NewNode node) => Record($"CreateNode {node.Name} {node.Type}", new NodeDetails());

        public Task<NodeSummary[]> ListNodesAsync(ListNodesRequest request) =>
            Record($"ListNodes {request.AfterId} {request.Limit}", Array.Empty<NodeSummary>());

        public Task<NodeDetails> GetNodeAsync(GetNodeRequest request) => Record($"GetNode {request.Id}", new NodeDetails());

        public Task<Neighbourhood[]> GetNeighbourhoodsAsync(long[] ids) =>
            Record($"GetNeighbourhoods {string.Join(',', ids)}", Array.Empty<Neighbourhood>());

        public Task<string> CheckHealthAsync() => Task.FromResult("SERVING");

        private Task<T> Record<T>(string call, T answer)
        {
            Calls.Add(call);
            return Task.FromResult(answer);
        }
    }
}
