using System.Diagnostics;
using RpcCompare.LoadClient.Clients;
using RpcCompare.LoadClient.Hosts;
using RpcCompare.LoadClient.Measurement.Counters;
using RpcCompare.LoadClient.Scenarios;
using RpcCompare.Reports.Results;
using RpcCompare.Stacks;

namespace RpcCompare.LoadClient.Runs.Restart;

/// <summary>
/// `--scenario restart`: for each stack in turn, its host started and its callers calling (<see cref="RestartCallers"/>),
/// then after <see cref="RestartScenario.SteadyPeriod"/> the host stopped and started again on the same port, and the
/// callers kept calling until every one has succeeded on the restarted host or <see cref="RestartScenario.RecoveryTimeout"/>
/// has passed since the stop. restart.json is rewritten after every stack and when interrupted, so nothing measured is lost.
/// </summary>
public sealed class RestartRun(RunPlan plan, RunContext context)
{
    private readonly List<StackRestart> _stacks = [];

    /// <summary>False when a stack failed or did not recover (restart.json says which and why).</summary>
    public async Task<bool> RunAsync(CancellationToken cancellationToken)
    {
        context.Record.AddNote($"Restart: {plan.Entries[0].Variant.Threads} callers per stack ping the host for " +
            $"{RestartScenario.SteadyPeriod.TotalSeconds:N0} s, then it is stopped with {Signal} and started again on the " +
            $"same port; the run waits at most {RestartScenario.RecoveryTimeout.TotalSeconds:N0} s from the stop for every " +
            "caller to succeed on the restarted host. One restart per stack: --trials, --requests, --duration and --rate do not apply. " +
            $"The counts are in {RestartResults.FileName}; {ConnectionListener.Description}.");
        var ok = true;
        try
        {
            // One after another in the plan's stack order: a restart storm on the machine would spill into a neighbour's.
            foreach (var entry in plan.Entries)
            {
                if (cancellationToken.IsCancellationRequested)
                {
                    break;
                }
                var measured = await MeasureAsync(entry, cancellationToken);
                ok &= measured.Failure is null && measured.NeverRecovered.Count == 0;
                _stacks.Add(measured);
                await WriteAsync();
            }
        }
        finally
        {
            await WriteAsync();
        }
        return ok;
    }

    private string Signal => plan.Settings.KillHost ? "SIGKILL" : "SIGTERM";

    private Task WriteAsync() => RestartResults.WriteAsync(context.Results.Folder, new RestartResults
    {
        Signal = Signal,
        Callers = plan.Entries[0].Variant.Threads,
        SteadySeconds = RestartScenario.SteadyPeriod.TotalSeconds,
        RecoveryTimeoutSeconds = RestartScenario.RecoveryTimeout.TotalSeconds,
        BucketMilliseconds = RestartScenario.Bucket.TotalMilliseconds,
        Method = $"each caller pings (payload \"{RestartScenario.Payload}\", no database) in a closed loop; {ConnectionListener.Description}",
        Stacks = [.. _stacks],
    }, CancellationToken.None);

    private async Task<StackRestart> MeasureAsync(PlannedEntry entry, CancellationToken cancellationToken)
    {
        var name = StackCatalog.DisplayName(entry.Stack);
        HostSession session;
        try
        {
            session = await HostSession.OpenAsync(entry.Stack, 1, plan, context, cancellationToken);
        }
        catch (Exception e) when (e is HostFailedException or UserFacingException or GraphCallException or TimeoutException
            or IOException or OperationCanceledException)
        {
            var interrupted = cancellationToken.IsCancellationRequested;
            context.Progress.Line(interrupted ? $"{name}: interrupted before its restart" : $"{name} failed: {e.Message}");
            return new StackRestart
            {
                Stack = entry.Stack, Interrupted = interrupted, Reconnect = Reconnection.Of(entry.Stack),
                Failure = interrupted ? "interrupted before the host was up" : e.Message,
            };
        }
        await using (session)
        {
            return await RestartAsync(session, entry, cancellationToken);
        }
    }

    private async Task<StackRestart> RestartAsync(HostSession session, PlannedEntry entry, CancellationToken cancellationToken)
    {
        var settings = plan.Settings;
        var name = StackCatalog.DisplayName(entry.Stack);
        var origin = Stopwatch.GetTimestamp();
        // Room for the steady period, the longest wait and the host's start, the tail, and the calls that end after it.
        var span = RestartScenario.SteadyPeriod + RestartScenario.RecoveryTimeout + settings.StartTimeout + RestartScenario.Tail
            + settings.RequestTimeout;
        var timeline = new RestartTimeline(origin, RestartScenario.Bucket, (int)(span / RestartScenario.Bucket) + 1);
        using var connections = new ConnectionListener(timeline.AddConnection);
        var callers = new RestartCallers(session.Client, entry.Variant.Operation, entry.Variant.Threads, settings.RequestTimeout, timeline);
        var pidBefore = session.Host!.Pid;
        int? pidAfter = null;
        long? stopAt = null, readyAt = null;
        var connectionsBeforeStop = 0L;
        string? failure = null;
        callers.Start(settings.Dataset.Seed, cancellationToken);
        try
        {
            context.Progress.Line($"{name}: {callers.Count} callers calling the host (pid {pidBefore})");
            await Task.Delay(RestartScenario.SteadyPeriod, cancellationToken);
            connectionsBeforeStop = connections.Count;
            stopAt = Stopwatch.GetTimestamp();
            await session.StopHostAsync(settings.KillHost);
            callers.MarkRestarted(Stopwatch.GetTimestamp());
            context.Progress.Line($"{name}: host stopped with {Signal} after {Stopwatch.GetElapsedTime(stopAt.Value).TotalSeconds:N1} s; starting it again on the same port");
            pidAfter = await session.StartHostAgainAsync(plan, context, cancellationToken);
            readyAt = Stopwatch.GetTimestamp();
            var deadline = stopAt.Value + (long)(RestartScenario.RecoveryTimeout.TotalSeconds * Stopwatch.Frequency);
            if (!await callers.WaitForRecoveryAsync(deadline, cancellationToken))
            {
                failure = $"not every caller succeeded on the restarted host within {RestartScenario.RecoveryTimeout.TotalSeconds:N0} s of the stop";
            }
            else
            {
                await Task.Delay(RestartScenario.Tail, cancellationToken);
            }
        }
        catch (OperationCanceledException) when (cancellationToken.IsCancellationRequested)
        {
            failure = "interrupted (Ctrl+C or a signal); everything counted until then is kept";
        }
        catch (HostFailedException e)
        {
            failure = e.Message;
        }
        finally
        {
            await callers.StopAsync();
        }
        var counts = callers.Counts();
        var stack = new StackRestart
        {
            Stack = entry.Stack,
            PidBefore = pidBefore,
            PidAfter = pidAfter,
            Failure = failure,
            Interrupted = cancellationToken.IsCancellationRequested,
            CallsIssued = counts.Issued,
            Succeeded = counts.Succeeded,
            FailedByKind = counts.FailedByKind,
            StopAtSeconds = stopAt is { } stop ? Math.Round(timeline.SecondsAt(stop), 3) : null,
            ReadyAtSeconds = readyAt is { } ready ? Math.Round(timeline.SecondsAt(ready), 3) : null,
            RecoveredAfterSeconds = stopAt is { } from && counts.NeverRecovered.Count == 0
                ? Math.Round((counts.RecoveredAt.Max() - from) / (double)Stopwatch.Frequency, 3)
                : null,
            FirstCallP50Ms = Round(counts.FirstCallQuantileMs(0.5)),
            FirstCallP99Ms = Round(counts.FirstCallQuantileMs(0.99)),
            CallersRecovered = counts.RecoveredAt.Count - counts.NeverRecovered.Count,
            NeverRecovered = stopAt is null ? [] : counts.NeverRecovered,
            ConnectionsOpened = connections.Count,
            ConnectionsOpenedAfterStop = stopAt is null ? 0 : connections.Count - connectionsBeforeStop,
            Reconnect = Reconnection.Of(entry.Stack),
            Timeline = timeline.ToBuckets(),
        };
        context.Progress.Line($"{name}: {RestartLine(stack)}");
        return stack;
    }

    private static double? Round(double? milliseconds) => milliseconds is { } ms ? Math.Round(ms, 3) : null;

    private static string RestartLine(StackRestart stack) =>
        $"{stack.CallsIssued:N0} calls, {stack.Succeeded:N0} succeeded, {stack.Failed:N0} failed" +
        (stack.FailedByKind.Count == 0 ? "" : $" ({string.Join(", ", stack.FailedByKind.Select(k => $"{k.Value:N0} {k.Key}"))})") +
        (stack.RecoveredAfterSeconds is { } s ? $"; every caller served again {s:N2} s after the stop" : "") +
        (stack.Failure is { } f ? $"; {f}" : "");
}
