using System.Diagnostics;
using RpcCompare.LoadClient.Hosts;
using RpcCompare.Reports.Reporting;
using RpcCompare.Reports.Results;
using RpcCompare.Reports.Statistics;
using RpcCompare.Stacks;

namespace RpcCompare.LoadClient.Runs;

/// <summary>What `calibrate` was asked for: the pair, how many runs of each kind, the delay (null: 10% of the A/A
/// median), the folder, and the run options every run is given as they are.</summary>
public sealed record CalibrationPlan
{
    /// <summary>The injected delay's default size: this per cent of the stack's median in the A/A runs.</summary>
    public const int DefaultEffectPercent = 10;

    public required string Scenario { get; init; }
    public required string Stack { get; init; }
    public required int Runs { get; init; }
    public TimeSpan? Delay { get; init; }
    public required string Folder { get; init; }
    public IReadOnlyList<string> RunOptions { get; init; } = [];

    /// <summary>--aa-relays: the A/A runs go through the effect runs' relays too, with no delay, so the two kinds differ by
    /// the delay alone (and the default effect is a tenth of the relayed median); false measures them as production runs are.</summary>
    public bool RelayedSame { get; init; }

    /// <summary>--continue: add to the calibration already in <see cref="Folder"/> (<see cref="CalibrationFolder"/>).</summary>
    public bool Continue { get; init; }

    /// <summary>The replica every run measures beside the stack.</summary>
    public string Replica => StackReplica.Id(Stack, StackReplica.First);
}

/// <summary>
/// `calibrate`: how often the verdict is wrong and how often it finds a known effect, on this machine. It runs the
/// stack against its replica <see cref="CalibrationPlan.Runs"/> times (A/A: the same stack twice, as production runs
/// are made, so any winner named is a false verdict), and as many times with the replica slowed by a fixed delay per
/// call (--calibration-delay, which puts a relay in front of both hosts): after the A/A runs when the delay is their
/// median's tenth, else each after its A/A run. Each run is a load client process of its own;
/// reads each run's verdict for the pair (<see cref="PairVerdicts"/>) and prints <see cref="CalibrationTable"/>.
/// </summary>
public static class CalibrationRun
{
    public static async Task<int> RunAsync(CalibrationPlan plan, CancellationToken cancellationToken)
    {
        var folder = Path.GetFullPath(plan.Folder);
        var kept = await CalibrationFolder.PrepareAsync(folder, plan, cancellationToken);
        if (kept.Count > 0)
        {
            Console.WriteLine($"Continuing the calibration in {folder}: {Count(kept, CalibrationKind.Same)} A/A and " +
                $"{Count(kept, CalibrationKind.Effect)} effect runs kept; the missing ones up to {plan.Runs} of each are made.");
        }
        var keptDelay = CalibrationFolder.KeptDelay(kept);
        if (keptDelay is { } used && plan.Delay is { } asked && used != asked)
        {
            throw new UserFacingException($"--continue: the calibration's effect runs were slowed by {CalibrationDelay.Milliseconds(used)} ms, " +
                $"not the {CalibrationDelay.Milliseconds(asked)} ms of --delay; leave --delay out, or start a new folder.");
        }
        var results = new List<CalibrationRunResult>();
        var sameDelay = plan.RelayedSame ? TimeSpan.Zero : (TimeSpan?)null;
        var last = Math.Max(plan.Runs, kept.Select(k => k.Run.Number).DefaultIfEmpty(0).Max());
        var (delay, origin) = keptDelay is { } d ? (d, "as the calibration's earlier effect runs were slowed")
            : plan.Delay is { } given ? (given, "as given")
            : ((TimeSpan?)null, "");
        if (delay is not null)
        {
            // The delay known up front: each A/A run is followed by its effect run, so both kinds sample the same hours of
            // a shared machine, however many sittings the calibration takes.
            for (var i = 1; i <= last && !cancellationToken.IsCancellationRequested; i++)
            {
                await MakeRunAsync(CalibrationKind.Same, i, sameDelay);
                await MakeRunAsync(CalibrationKind.Effect, i, delay);
            }
        }
        else
        {
            for (var i = 1; i <= last && !cancellationToken.IsCancellationRequested; i++)
            {
                await MakeRunAsync(CalibrationKind.Same, i, sameDelay);
            }
            (delay, origin) = Delay(plan, results);
            if (delay is null)
            {
                throw new UserFacingException(
                    $"No A/A run measured {StackCatalog.DisplayName(plan.Stack)}'s median, so the injected delay has no default size; see the runs' logs in {folder}, or give --delay.");
            }
            for (var i = 1; i <= last && !cancellationToken.IsCancellationRequested; i++)
            {
                await MakeRunAsync(CalibrationKind.Effect, i, delay);
            }
        }

        var table = CalibrationTable.ToMarkdown(new CalibrationSetup(plan.Scenario, plan.Stack, plan.Replica, delay.Value, origin) { RelayedSame = plan.RelayedSame }, results);
        var tablePath = Path.Combine(folder, "calibration.md");
        await File.WriteAllTextAsync(tablePath, table, CancellationToken.None);
        Console.WriteLine();
        Console.Write(table);
        Console.WriteLine($"\nThe table is in {tablePath}.");
        return cancellationToken.IsCancellationRequested ? CommandRunner.Interrupted : CommandRunner.Ok;

        // A kept run judged with this version's rules, or the run made now when it is missing and within --runs.
        async Task MakeRunAsync(CalibrationKind kind, int number, TimeSpan? runDelay)
        {
            if (cancellationToken.IsCancellationRequested)
            {
                return;
            }
            if (kept.FirstOrDefault(k => k.Run.Kind == kind && k.Run.Number == number) is { Results: not null } k)
            {
                results.Add(Judge(k.Results, kind, number, k.Run.Path, Elapsed(k.Results), plan.Stack, plan.Replica, cancellationToken));
            }
            else if (number <= plan.Runs)
            {
                results.Add(await RunOneAsync(plan, kind, number, runDelay, folder, cancellationToken));
            }
        }
    }

    private static int Count(IEnumerable<(CalibrationRunFolder Run, RunResults Results)> kept, CalibrationKind kind) =>
        kept.Count(k => k.Run.Kind == kind);

    /// <summary>A kept run's time, from its manifest (the load client's own start not counted).</summary>
    private static TimeSpan Elapsed(RunResults run) => run.Manifest.FinishedUtc is { } end ? end - run.Manifest.StartedUtc : TimeSpan.Zero;

    /// <summary>
    /// A calibration made before, its runs' verdicts read again with this version's rules: after a rule changed, the same
    /// runs say what it would have answered, without hours of new runs. Each run is judged at the trials it stopped at; a
    /// rule that would have made `--trials auto` add trials is judged without them. Writes calibration-recount.md beside
    /// the runs and prints it.
    /// </summary>
    public static async Task<int> RecountAsync(string calibrationFolder, CancellationToken cancellationToken)
    {
        var folder = Path.GetFullPath(calibrationFolder);
        var runs = CalibrationFolder.Runs(folder);
        if (runs.Count == 0)
        {
            throw new UserFacingException($"{folder} holds no calibration runs (folders aa-01, effect-01, ... that `calibrate` writes).");
        }
        string? scenario = null, stack = null, replica = null;
        TimeSpan? delay = null;
        var relayedSame = false;
        var results = new List<CalibrationRunResult>();
        var leftOut = new List<string>();
        foreach (var (kind, number, path) in runs)
        {
            RunResults run;
            try
            {
                // The status first: a run stopped mid-way may have no summary to load.
                var status = (await ResultsJson.ReadManifestAsync(Path.Combine(path, ResultFileNames.Manifest), cancellationToken)).Status;
                if (status is ResultsFormat.RunStatus.Interrupted or ResultsFormat.RunStatus.Running)
                {
                    // Stopped (a Ctrl+C, a SIGTERM) or killed mid-run, not failed: `calibrate --continue` makes it again, so it is no
                    // run of the table.
                    Console.WriteLine($"{path}: {status}, left out (calibrate --continue makes it again).");
                    leftOut.Add($"{Path.GetFileName(path)} ({status})");
                    continue;
                }
                run = await ResultsLoader.LoadAsync(path, cancellationToken);
            }
            catch (ReportInputException e)
            {
                Console.WriteLine($"{path}: not read: {e.Message}");
                results.Add(new CalibrationRunResult(kind, number, path, TimeSpan.Zero, [], null, null, e.Message));
                continue;
            }
            var options = run.Manifest.Options;
            scenario ??= options.GetValueOrDefault("scenario");
            if (stack is null && options.GetValueOrDefault("stacks")?.Split(',') is [var first, var second])
            {
                (stack, replica) = (first, StackReplica.FromCommandLine(second, out _));
            }
            if (stack is null || replica is null)
            {
                throw new UserFacingException($"{path}: its manifest names no stack and replica (--stacks grpc,grpc#2), so it is no calibration run.");
            }
            var slowed = options.GetValueOrDefault(CalibrationDelay.OptionKey);
            if (slowed is not null && kind == CalibrationKind.Same)
            {
                relayedSame = true;
            }
            if (slowed is not null && kind == CalibrationKind.Effect)
            {
                delay ??= CalibrationDelay.DelayOf(slowed);
            }
            results.Add(Judge(run, kind, number, path, Elapsed(run), stack, replica, cancellationToken));
        }
        if (stack is null || replica is null)
        {
            throw new UserFacingException(leftOut.Count == 0
                ? $"No run in {folder} could be read; see the errors above."
                : $"No complete run in {folder}: {string.Join(", ", leftOut)} stopped mid-run (calibrate --continue makes them again), and any other could not be read.");
        }
        var setup = new CalibrationSetup(scenario ?? "?", stack, replica, delay ?? TimeSpan.Zero,
            (delay is not null ? "read from the effect runs' manifests; "
                : results.Any(r => r.Kind == CalibrationKind.Effect) ? "no effect run's manifest named its delay; " : "") +
            "every verdict recounted with this version's rules")
        {
            RelayedSame = relayedSame,
        };
        var table = CalibrationTable.ToMarkdown(setup, results) + (leftOut.Count == 0 ? ""
            : $"\n- Left out, stopped mid-run (calibrate --continue makes them again): {string.Join(", ", leftOut)}.\n");
        var tablePath = Path.Combine(folder, "calibration-recount.md");
        await File.WriteAllTextAsync(tablePath, table, CancellationToken.None);
        Console.Write(table);
        Console.WriteLine($"\nThe table is in {tablePath}; run times are the manifests' (the load client's start not counted).");
        return CommandRunner.Ok;
    }

    /// <summary>The delay given, or <see cref="CalibrationPlan.DefaultEffectPercent"/> of the A/A runs' median of the stack, rounded
    /// to the microsecond (the relay's command line carries it in milliseconds).</summary>
    public static (TimeSpan? Delay, string Origin) Delay(CalibrationPlan plan, IReadOnlyList<CalibrationRunResult> sameRuns)
    {
        if (plan.Delay is { } given)
        {
            return (given, "as given");
        }
        if (CalibrationTable.MedianBaseMs(sameRuns, CalibrationKind.Same) is not { } median)
        {
            return (null, "");
        }
        var delay = TimeSpan.FromMicroseconds(Math.Max(1, Math.Round(median * 1000 * CalibrationPlan.DefaultEffectPercent / 100)));
        return (delay, $"{CalibrationPlan.DefaultEffectPercent}% of {StackCatalog.DisplayName(plan.Stack)}'s median in the A/A runs, {median.ToString("0.###", System.Globalization.CultureInfo.InvariantCulture)} ms");
    }

    /// <summary>The command line of one run: the plan's options, the pair, its own folder and, for an effect run, the delay
    /// (zero for an A/A run through relays; null: no relays).</summary>
    public static IReadOnlyList<string> Arguments(CalibrationPlan plan, string runFolder, TimeSpan? delay) =>
    [
        .. plan.RunOptions,
        "--scenario", plan.Scenario,
        "--stacks", $"{plan.Stack},{StackReplica.CommandLineName(plan.Replica)}",
        "--out", runFolder,
        // The table reads the verdict from the results: a report per run would only cost time.
        "--no-report",
        .. delay is { } d ? ["--calibration-delay", $"{StackReplica.CommandLineName(plan.Replica)}={CalibrationDelay.Milliseconds(d)}ms"] : Array.Empty<string>(),
    ];

    private static async Task<CalibrationRunResult> RunOneAsync(CalibrationPlan plan, CalibrationKind kind, int number, TimeSpan? delay,
        string folder, CancellationToken cancellationToken)
    {
        var name = CalibrationRunFolder.NameOf(kind, number);
        var runFolder = Path.Combine(folder, name);
        var log = Path.Combine(folder, name + ".log");
        Console.WriteLine($"{(kind == CalibrationKind.Same ? "A/A" : "Effect")} run {number} of {plan.Runs}: {runFolder} (its output in {log})");
        var clock = Stopwatch.StartNew();
        var exitCode = await RunClientAsync(Arguments(plan, runFolder, delay), log, cancellationToken);
        var elapsed = clock.Elapsed;
        if (exitCode == CommandRunner.BadInput)
        {
            // The options are the same for every run: the next would refuse them too.
            var said = File.ReadLines(log).LastOrDefault(l => l.Trim().Length > 0) ?? "no message";
            throw new UserFacingException($"The run refused its options: {said} (the whole output is in {log}).");
        }
        if (exitCode != CommandRunner.Ok)
        {
            return Failed($"exit code {exitCode}; see {log}");
        }
        try
        {
            var run = await ResultsLoader.LoadAsync(runFolder, cancellationToken);
            var result = Judge(run, kind, number, runFolder, elapsed, plan.Stack, plan.Replica, cancellationToken);
            var costWinners = result.Costs.Where(c => c.Outcome is PairOutcome.FirstFaster or PairOutcome.SecondFaster)
                .Select(c => $"{(c.Variant.Length == 0 ? "" : c.Variant + " ")}{c.Question}: " +
                    StackCatalog.DisplayName(c.Outcome == PairOutcome.FirstFaster ? plan.Stack : plan.Replica)).ToList();
            Console.WriteLine($"  {elapsed.TotalSeconds:0} s; " + string.Join("; ", result.Verdicts.Select(v =>
                $"{(v.Variant.Length == 0 ? "" : v.Variant + " ")}{(v.Probability == 0.5 ? "median" : "p99")}: {Outcome(v.Outcome, plan)}")) +
                $"; cost figures: {(costWinners.Count == 0 ? "no winner named" : string.Join("; ", costWinners))}");
            return result;
        }
        catch (ReportInputException e)
        {
            return Failed(e.Message);
        }

        CalibrationRunResult Failed(string why)
        {
            Console.WriteLine($"  failed: {why}");
            return new CalibrationRunResult(kind, number, runFolder, elapsed, [], null, null, why);
        }
    }

    /// <summary>One run's verdicts for the pair, read with this version's rules, as a run and a recount both count them.</summary>
    private static CalibrationRunResult Judge(RunResults run, CalibrationKind kind, int number, string path, TimeSpan elapsed, string stack,
        string replica, CancellationToken cancellationToken)
    {
        var verdicts = PairVerdicts.Of(run, stack, replica, new BootstrapSettings(), cancellationToken);
        return new CalibrationRunResult(kind, number, path, elapsed, verdicts, FirstMedian(run, stack), FirstMedian(run, replica),
            verdicts.Count == 0 ? "no variant measured both entries cleanly" : null)
        {
            Costs = PairVerdicts.Costs(run, stack, replica, new BootstrapSettings()),
        };
    }

    private static string Outcome(PairOutcome outcome, CalibrationPlan plan) => outcome switch
    {
        PairOutcome.FirstFaster => $"{StackCatalog.DisplayName(plan.Stack)} faster",
        PairOutcome.SecondFaster => $"{StackCatalog.DisplayName(plan.Replica)} faster",
        PairOutcome.Equivalent => "equivalent",
        _ => "inconclusive",
    };

    /// <summary>An entry's median in its first variant (the scenario's own), as summary.json has it.</summary>
    private static double? FirstMedian(RunResults run, string stack) =>
        run.Entries.FirstOrDefault(e => e.Stack == stack && e.Summary.Status == ResultsFormat.EntryStatus.Ok)?.Summary.LatencyMs?.P50;

    /// <summary>This program as a child process in a session of its own, its output into <paramref name="logPath"/>. Whatever
    /// stops this one (a Ctrl+C, or a SIGTERM sent to it alone) is passed on as one signal, so the child stops gracefully,
    /// keeps what it measured and stops its hosts.</summary>
    private static async Task<int> RunClientAsync(IReadOnlyList<string> arguments, string logPath, CancellationToken cancellationToken)
    {
        var start = ChildProcess.DotnetStartInfo(null, [typeof(CalibrationRun).Assembly.Location, .. arguments]);
        var ownSession = ChildProcess.InOwnSession(start);
        start.RedirectStandardInput = false;
        await using var log = new StreamWriter(logPath) { AutoFlush = true };
        using var process = new Process { StartInfo = start };
        var gate = new object();
        void Write(string? line)
        {
            if (line is not null)
            {
                lock (gate)
                {
                    log.WriteLine(line);
                }
            }
        }
        process.OutputDataReceived += (_, e) => Write(e.Data);
        process.ErrorDataReceived += (_, e) => Write(e.Data);
        if (!process.Start())
        {
            throw new UserFacingException("Could not start a load client for the calibration.");
        }
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        // Not cancelled with the token: the child is told to stop and waited for, so its hosts are stopped.
        using (ChildProcess.PassOnStop(process, ownSession, cancellationToken))
        {
            await process.WaitForExitAsync(CancellationToken.None);
        }
        cancellationToken.ThrowIfCancellationRequested();
        return process.ExitCode;
    }
}
