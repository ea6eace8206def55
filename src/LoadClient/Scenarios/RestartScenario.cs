namespace RpcCompare.LoadClient.Scenarios;

/// <summary>
/// Issue 41, the restart: many callers connected and calling a light operation (ping, no database), the host stopped
/// (SIGTERM, or SIGKILL with --kill) and started again on the same port, until every caller has had a successful call
/// on the restarted host or <see cref="RecoveryTimeout"/> has passed since the stop. It is run by its own loop
/// (<c>Runs.Restart.RestartRun</c>), not the trial runner: it needs a host it owns, so it refuses --target.
/// </summary>
public sealed class RestartScenario : Scenario
{
    public const string ScenarioName = "restart";

    /// <summary>Callers when --threads is not given: a crowd, as in the restart storms operators report (CoreWCF #1535
    /// saw about 2,000 clients), scaled to what a 2-core machine runs beside its host.</summary>
    public const int DefaultCallers = 200;

    /// <summary>How long every caller calls the first host before the stop: long enough for each to be connected and
    /// steady.</summary>
    public static readonly TimeSpan SteadyPeriod = TimeSpan.FromSeconds(3);

    /// <summary>The longest a run waits, from the stop, for every caller to succeed on the restarted host; the callers
    /// that have not by then are named in the results as never recovered.</summary>
    public static readonly TimeSpan RecoveryTimeout = TimeSpan.FromSeconds(60);

    /// <summary>How long the callers go on once every one has recovered, so the timeline shows the restored throughput.</summary>
    public static readonly TimeSpan Tail = TimeSpan.FromSeconds(1);

    /// <summary>The width of a bucket of the timeline.</summary>
    public static readonly TimeSpan Bucket = TimeSpan.FromMilliseconds(100);

    public const string Payload = "ping";

    public override string Name => ScenarioName;

    public override string Origin =>
        "issue 41: the host restarted under 200 connected callers (CoreWCF #1535 restart storm, dotnet/wcf #4428 channel open cost)";

    /// <summary>One unit is a stack's whole restart: the steady period, the host's stop and start (about 3 s on this
    /// machine) and the callers' recovery; the estimate divides by the cores.</summary>
    public override double EstimatedMsPerUnit(string variant) => 20_000;

    public override IReadOnlyList<Variant> Variants(StackTraits stack, ScenarioData data) =>
        [new("", DefaultCallers, 1, 1, (c, _, ct) => c.PingAsync(Payload, ct))];
}
