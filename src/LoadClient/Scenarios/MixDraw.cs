using RpcCompare.LoadClient.Clients;

namespace RpcCompare.LoadClient.Scenarios;

/// <summary>
/// The kinds of a mix: how a request draws its kind and what each kind does. Pure draw data; the measurement records
/// each kind apart (MixRecording).
/// </summary>
public sealed class MixDraw(
    IReadOnlyList<string> kinds,
    IReadOnlyList<double> callsPerUnit,
    Func<Random, int> draw,
    IReadOnlyList<Func<IGraphClient, Random, CancellationToken, Task>> operations)
{
    public IReadOnlyList<string> Kinds { get; } = kinds;

    /// <summary>Calls one request of each kind makes (101 for a chatty N+1 unit), in <see cref="Kinds"/>' order.</summary>
    public IReadOnlyList<double> CallsPerUnit { get; } = callsPerUnit;

    /// <summary>What one request of each kind does, in <see cref="Kinds"/>' order.</summary>
    public IReadOnlyList<Func<IGraphClient, Random, CancellationToken, Task>> Operations { get; } = operations;

    /// <summary>The kind of the next request, drawn from the worker's own seeded source.</summary>
    public int Draw(Random workerRandom) => draw(workerRandom);
}
