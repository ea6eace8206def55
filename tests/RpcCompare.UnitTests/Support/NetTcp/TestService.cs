using System.Collections.Concurrent;
using RpcCompare.Protocols.NetTcp;

namespace RpcCompare.UnitTests.Support.NetTcp;

public sealed class TestService : ITestService
{
    private readonly ConcurrentQueue<string> _notes = new();
    private readonly ConcurrentDictionary<string, TaskCompletionSource<string>> _gates = new();

    public IReadOnlyCollection<string> Notes => _notes;

    public static LinkView[] MakeLinks(long nodeId, int count) =>
        Enumerable.Range(0, count).Select(i => new LinkView
        {
            Source = nodeId,
            Target = nodeId * 1_000_003 + i,
            Label = $"link-{i}-ünïcødé-链接",
            Score = i / 7.0,
            CreatedUtc = new DateTime(2024, 1, 1, 0, 0, 0, DateTimeKind.Utc).AddSeconds(i),
        }).ToArray();

    /// <summary>Completes a pending <see cref="WaitForReleaseAsync"/> call (or the next one) with the key's value.</summary>
    public void Release(string key, string value) => Gate(key).TrySetResult(value);

    public Task<string> PingAsync(string payload) => Task.FromResult(payload);

    public Task<long> AddAsync(long a, long b) => Task.FromResult(unchecked(a + b));

    public Task<double> ScaleAsync(double value, double factor) => Task.FromResult(value * factor);

    public Task<DateTime> ShiftAsync(DateTime value, int hours) => Task.FromResult(value.AddHours(hours));

    public Task<NodeView> EchoNodeAsync(NodeView node) => Task.FromResult(node);

    public async Task<LinkView[]> GetLinksAsync(long nodeId, int count)
    {
        await Task.Yield();
        return MakeLinks(nodeId, count);
    }

    public Task<int[]> ReverseAsync(int[] values) => Task.FromResult(values.Reverse().ToArray());

    public Task<string?> EchoNullableAsync(string? value) => Task.FromResult(value);

    public Task RecordAsync(string note)
    {
        _notes.Enqueue(note);
        return Task.CompletedTask;
    }

    public Task<long> RecordedCountAsync() => Task.FromResult((long)_notes.Count);

    public Task<string> ThrowFaultAsync(string reason, string code) => throw new FaultException(reason, new FaultCode(code));

    public Task<string> ThrowDetailedFaultAsync(long nodeId) =>
        throw new FaultException<NodeFaultDetail>(new NodeFaultDetail { NodeId = nodeId, Hint = "node is archived" }, $"Node {nodeId} cannot be read.");

    public async Task<string> ThrowExceptionAsync(string secret)
    {
        await Task.Yield();
        throw new InvalidOperationException($"database password is {secret}");
    }

    public Task<string> WaitForReleaseAsync(string key) => Gate(key).Task;

    public Task<BrokenView> GetBrokenAsync() => Task.FromResult(new BrokenView { Name = "half" });

    public Task<string> AcceptBrokenAsync(BrokenView view) => Task.FromResult(view.Name ?? "");

    private TaskCompletionSource<string> Gate(string key) =>
        _gates.GetOrAdd(key, _ => new TaskCompletionSource<string>(TaskCreationOptions.RunContinuationsAsynchronously));
}
