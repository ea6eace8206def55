using RpcCompare.LoadClient.Clients;
using RpcCompare.Stacks;

namespace RpcCompare.LoadClient.Scenarios;

/// <summary>
/// One measured operation of a scenario on one stack (e.g. worst-case "stream", bulk-transfer "x=1000"): what a worker
/// does per request, and how much of it the defaults ask for.
/// </summary>
/// <param name="Name">"" for the plain variant; otherwise what distinguishes it in results.</param>
/// <param name="Threads">Concurrent workers (closed loop) or senders (open loop) when --threads is not given; in a
/// <c>RunPlan</c>'s entries, what the run uses.</param>
/// <param name="Requests">Measured units of work when neither --requests nor --duration is given.</param>
/// <param name="CallsPerUnit">Calls one unit of work makes (101 for chatty N+1, 1 for most).</param>
/// <param name="Operation">One unit of work; the worker's random source picks its arguments.</param>
public sealed record Variant(
    string Name,
    int Threads,
    long Requests,
    double CallsPerUnit,
    Func<IGraphClient, Random, CancellationToken, Task> Operation)
{
    /// <summary>For a mix, how a request draws its kind and what each kind does; null for every other variant.</summary>
    public MixDraw? Mix { get; init; }

    /// <summary>False for a variant whose number of callers is what it measures (ping's sequential run): --threads
    /// leaves it as it is.</summary>
    public bool ThreadsApply { get; init; } = true;

    /// <summary>An overload step's offered load as a share of the stack's probed capacity (1.25 offers 125%); null for
    /// every other variant (<see cref="OverloadScenario"/>).</summary>
    public double? OfCapacity { get; init; }

    /// <summary>Whether the name says the callers ("10-threads"), so it follows the threads the run gives.</summary>
    public bool NamedByThreads { get; init; }

    /// <summary>"10-threads": the name of a variant <see cref="NamedByThreads"/>.</summary>
    public static string ThreadsName(int threads) => threads == 1 ? "1-thread" : $"{threads}-threads";

    /// <summary>This variant run by <paramref name="threads"/> callers, or unchanged where the threads do not apply.</summary>
    public Variant WithThreads(int threads) => !ThreadsApply ? this : this with
    {
        Threads = threads,
        Name = NamedByThreads ? ThreadsName(threads) : Name,
    };
}

/// <summary>A scenario of the studies, replayed on every stack with the same variants and the same choices of arguments.</summary>
public abstract class Scenario
{
    /// <summary>Concurrent callers when --threads is not given: the most simultaneous requests the gRPC/WCF study's
    /// team saw in production, and what every study-1 experiment used.</summary>
    public const int DefaultThreads = 10;

    public abstract string Name { get; }

    /// <summary>Where the scenario comes from (docs/studies.md), for --help and the manifest.</summary>
    public abstract string Origin { get; }

    /// <summary>Whether the hosts must accept writes (only the write scenario).</summary>
    public virtual bool Writes => false;

    /// <summary>Whether each stack's variants are steps of a ramp: in every trial they run one after another in the
    /// scenario's order (only the stacks' order is drawn), since a step measured after a heavier one would meet its backlog.</summary>
    public virtual bool Ramps => false;

    /// <summary>
    /// Rough milliseconds per unit of work on the default dataset on a 2-core machine, for the estimate printed at start;
    /// measured on this project's hosts, not a promise.
    /// </summary>
    public abstract double EstimatedMsPerUnit(string variant);

    /// <summary>Anything the stack must have before measuring (a prepared snapshot); runs once per stack.</summary>
    public virtual Task PrepareAsync(IGraphClient client, CancellationToken cancellationToken) => Task.CompletedTask;

    /// <summary>The variants for a stack, each with its default threads; the run plan applies --threads.</summary>
    public abstract IReadOnlyList<Variant> Variants(StackTraits stack, ScenarioData data);
}

/// <summary>What a stack offers beyond the common operations, which decides its extra variants.</summary>
/// <param name="Streaming">Streaming variants of GetLinks and SearchNodes (gRPC, REST).</param>
/// <param name="SingleRequestPage">A page of nodes with their links in one request (GraphQL).</param>
public sealed record StackTraits(bool Streaming, bool SingleRequestPage)
{
    public static StackTraits Of(string stack) => StackCatalog.Find(StackReplica.BaseOf(stack)) is { } definition
        ? new(definition.Streaming, definition.SingleRequestPage)
        : new(Streaming: false, SingleRequestPage: false);
}
