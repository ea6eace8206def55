using Npgsql;
using RpcCompare.Data.Generation;
using RpcCompare.Data.Seeding;
using RpcCompare.LoadClient.Crank;
using RpcCompare.LoadClient.Database;
using RpcCompare.LoadClient.Measurement;
using RpcCompare.LoadClient.Placement;
using RpcCompare.LoadClient.Scenarios;
using RpcCompare.LoadClient.Terminal;
using RpcCompare.Network;
using RpcCompare.Reports;
using RpcCompare.Reports.Results;

namespace RpcCompare.LoadClient.Runs;

/// <summary>
/// The main job: a database (local or given) with the dataset loaded, then for each stack in turn its host, the
/// scenario's variants and their results, then the summary and the report. `--scenario all` runs every scenario,
/// each into its own results folder under one parent.
/// </summary>
public static class RunCoordinator
{
    public static async Task<int> RunAsync(RunSettings settings, CancellationToken cancellationToken)
    {
        var anySpawned = !settings.Stacks.All(settings.IsRemote);
        // Before PostgreSQL and the hosts start, so they inherit the group.
        using var scheduling = SchedulingGroup.Join();
        // A run stopped by a signal leaves through Shutdown's cleanups, after the database's.
        using var leaveOnExit = scheduling.Created is null ? null : Shutdown.Register(scheduling.Dispose, order: 200);
        settings = settings with { Scheduling = scheduling.Description };
        if (scheduling.StallsLikely || scheduling.Created is not null)
        {
            Console.WriteLine(scheduling.Description);
        }
        CpuSpeed.Prepare();
        settings = settings with { Placement = CpuPlacement.Resolve(settings.Cpus, CpuAffinity.Available(), anySpawned,
            settings.Cpus == CpuPlacement.None ? null : CpuAffinity.CannotPinBecause(anySpawned)) };
        // Made before the plans, whose clients trust it (and the client processes, given its public part); disposed (its
        // folder deleted) however the run ends.
        using var tls = settings.Security.IsTls ? RunTls.Open(settings.Security) : null;
        if (tls is not null)
        {
            settings = settings with { Tls = tls };
            Console.WriteLine($"Security: TLS with {tls.Origin}{(tls.Folder is { } folder ? $", in {folder}" : "")}; the client trusts it for this run only.");
        }
        if (settings.ClientProcesses > 1)
        {
            return await ClientProcessRun.RunAsync(settings, cancellationToken);
        }
        var scenarios = settings.Scenario == "all" ? ScenarioCatalog.All(anyTarget: settings.Targets.Count > 0) : [settings.Scenario];
        var folders = scenarios.Count == 1
            ? new[] { settings.OutputFolder }
            : scenarios.Select(s => Path.Combine(settings.OutputFolder, s)).ToArray();
        foreach (var folder in folders)
        {
            await ResultsWriter.EnsureUsableAsync(folder, cancellationToken);
        }
        var data = new ScenarioData(settings.Dataset);
        if (settings.ScenarioFor(scenarios[0]) is MixScenario mix)
        {
            // A variant one of the stacks lacks (worst-case/stream on WCF) is refused before anything starts.
            mix.Check(settings.Stacks, data);
        }
        // Every scenario resolved once, before anything starts: the estimate and the run read the same plans.
        var plans = scenarios.Select(name => RunPlan.Build(settings, settings.ScenarioFor(name), data)).ToList();
        settings = settings with { KernelShaping = settings.Network.IsLoopback ? null : KernelShaping.Probe() };
        PrintNetwork(settings);
        var budgets = PrintEstimate(settings, plans);

        await using var database = anySpawned ? await OpenAndSeedAsync(settings, cancellationToken) : null;
        PlaceOnCpus(settings.Placement);
        var exitCode = 0;
        var verdicts = new List<(string Folder, string Scenario, string? Verdict)>();
        for (var i = 0; i < scenarios.Count && !cancellationToken.IsCancellationRequested; i++)
        {
            var (code, verdict) = await RunScenarioAsync(settings with { OutputFolder = folders[i] }, scenarios[i], plans[i], budgets[i],
                database, cancellationToken);
            exitCode = Math.Max(exitCode, code);
            verdicts.Add((folders[i], scenarios[i], verdict));
        }
        if (scenarios.Count > 1 && settings.WriteReport)
        {
            await WriteVerdictPageAsync(settings.OutputFolder, verdicts);
        }
        await CrankJob.ReportAsync(folders);
        return cancellationToken.IsCancellationRequested ? CommandRunner.Interrupted : exitCode;
    }

    /// <summary>verdict.md beside the scenarios' folders: every scenario's verdict on one page.</summary>
    private static async Task WriteVerdictPageAsync(string root, IReadOnlyList<(string Folder, string Scenario, string? Verdict)> verdicts)
    {
        var path = Path.Combine(root, ResultFileNames.Verdict);
        await AtomicFile.WriteAllTextAsync(path, ReportWriter.VerdictPage(root, verdicts), CancellationToken.None);
        Console.WriteLine($"Verdict of every scenario: {path}");
    }

    private static void PrintNetwork(RunSettings settings)
    {
        if (!settings.Network.IsLoopback || settings.Calibration is not null)
        {
            Console.WriteLine(RunRecord.NetworkDescription(settings));
        }
    }

    /// <summary>Pins the client after the database is up, so a PostgreSQL it started does not inherit the client's CPUs.</summary>
    private static void PlaceOnCpus(CpuPlacement placement)
    {
        if (placement.Client is { } cpus)
        {
            CpuAffinity.PinThisProcess(cpus);
        }
        Console.WriteLine(placement.Describe());
    }

    internal static async Task<DatabaseSession> OpenAndSeedAsync(RunSettings settings, CancellationToken cancellationToken)
    {
        var (database, seeded) = await SeededDatabase.OpenAsync(settings.Connection, settings.PgData, settings.Dataset, cancellationToken);
        try
        {
            Console.WriteLine(seeded.Skipped
                ? $"Dataset {settings.Dataset.Preset} (fingerprint {seeded.Fingerprint}) is loaded."
                : $"Loaded {seeded.Rows:N0} rows in {seeded.Total.TotalSeconds:N1} s ({seeded.RowsPerSecond:N0} rows/s).");
            await using var dataSource = NpgsqlDataSource.Create(database.ConnectionString);
            var warmth = await new CacheWarmer(dataSource).WarmAsync(database.IsLocal, cancellationToken);
            Console.WriteLine(warmth.NotWarmedBecause is null
                ? $"PostgreSQL's cache holds the dataset ({warmth.Bytes / 1_000_000.0:N0} MB read with pg_prewarm), so no stack meets a colder database than another."
                : $"PostgreSQL's cache was not warmed ({warmth.NotWarmedBecause}); the first stack may meet a colder database than the others.");
            return database;
        }
        catch
        {
            await database.DisposeAsync();
            throw;
        }
    }

    /// <returns>The scenario's exit code and its verdict (Markdown; null when no report was written).</returns>
    private static async Task<(int Code, string? Verdict)> RunScenarioAsync(RunSettings settings, string scenarioName, RunPlan plan, TimeSpan budget,
        DatabaseSession? database, CancellationToken cancellationToken)
    {
        var scenario = plan.Scenario;
        var generator = new GraphGenerator(settings.Dataset);
        var record = new RunRecord(settings, scenarioName, generator) { Plan = plan };
        record.AddNote(database is null
            ? "Every stack was a --target: the client used no database."
            : database.IsLocal
                ? $"Database: RpcCompare's local PostgreSQL {database.Local!.MajorVersion} on 127.0.0.1 with " +
                    string.Join(", ", Data.Postgres.LocalPostgres.Settings.Select(s => $"{s.Key}={s.Value.Trim('\'')}")) + "."
                : $"Database: {database.Description}.");
        if (settings.Mix is { } mix)
        {
            record.AddNote($"Mix: {mix.Describe()}. Each request is drawn by weight from its worker's seeded random source, so " +
                "every stack gets the same sequence. The entry 'all' is the whole mix; each kind's entry has its calls' latencies " +
                "and errors, recorded with the whole's, over the same window (bytes, server figures and the breakdown are the " +
                "whole mix's).");
        }
        var results = await ResultsWriter.CreateAsync(settings.OutputFolder, record.ToManifest(), cancellationToken);
        Console.WriteLine($"Scenario {scenarioName} ({scenario.Origin}); results in {results.Folder}");

        var progress = new RunProgress();
        var failed = false;
        try
        {
            var context = new RunContext(results, record, database?.ConnectionString, progress) { Budget = budget };
            if (scenario is RestartScenario)
            {
                failed = !await new Restart.RestartRun(plan, context).RunAsync(cancellationToken);
            }
            else
            {
                await using var runner = new TrialRunner(plan, context);
                failed = !await runner.RunAsync(cancellationToken);
            }
            (record.Status, record.StatusReason) = cancellationToken.IsCancellationRequested
                ? (ResultsFormat.RunStatus.Interrupted, "stopped by Ctrl+C or a signal; everything measured before is kept")
                : failed
                    ? (ResultsFormat.RunStatus.Failed, scenario is RestartScenario
                        ? $"at least one stack failed or did not serve every caller again; see {RestartResults.FileName}"
                        : "at least one stack failed; see the entries' statusReason")
                    : (ResultsFormat.RunStatus.Complete, null);
        }
        catch (Exception e)
        {
            (record.Status, record.StatusReason) = (ResultsFormat.RunStatus.Failed, e.Message);
            throw;
        }
        finally
        {
            record.FinishedUtc = DateTimeOffset.UtcNow;
            await results.WriteManifestAsync(record.ToManifest(), CancellationToken.None);
        }

        if (results.Entries.Count > 0)
        {
            ConsoleSummary.Print(results.Entries);
        }
        var report = settings.WriteReport ? await WriteReportAsync(results.Folder) : null;
        return (record.Status switch
        {
            ResultsFormat.RunStatus.Complete => CommandRunner.Ok,
            ResultsFormat.RunStatus.Interrupted => CommandRunner.Interrupted,
            _ => CommandRunner.Failed,
        }, report?.VerdictMarkdown);
    }

    /// <summary>Writes report.html, summary.md and the charts; a report that fails never costs the measured results.</summary>
    public static async Task<ReportOutput?> WriteReportAsync(string folder)
    {
        try
        {
            var output = await ReportWriter.WriteAsync(folder, new ReportOptions(), CancellationToken.None);
            foreach (var notice in output.Notices)
            {
                Console.WriteLine(notice);
            }
            Console.WriteLine($"Report: {Path.Combine(folder, ResultFileNames.ReportHtml)}");
            foreach (var line in output.Verdict)
            {
                Console.WriteLine(line);
            }
            return output;
        }
        catch (ReportInputException e)
        {
            Console.Error.WriteLine($"The report could not be written ({e.Message}); the results in {folder} are complete.");
            return null;
        }
    }

    /// <summary>Prints the run's estimate and returns each plan's budget: with --trials auto, the planned trials and twice
    /// their time again (or --budget, shared in proportion); the estimate printed includes them.</summary>
    private static List<TimeSpan> PrintEstimate(RunSettings settings, List<RunPlan> plans)
    {
        var estimates = plans.Select(plan => RunEstimate.Of(settings, plan)).ToList();
        var planned = TimeSpan.FromSeconds(estimates.Sum(e => e.Planned.TotalSeconds));
        var adds = plans.Any(p => p.AddsTrials);
        var budgets = estimates.Select(e => e.Budget).ToList();
        if (adds && settings.Budget is { } given)
        {
            var whole = budgets.Sum(b => b.TotalSeconds);
            budgets = [.. budgets.Select(b => given * (b.TotalSeconds / whole))];
        }
        var most = TimeSpan.FromSeconds(budgets.Sum(b => b.TotalSeconds));
        var trials = adds ? $" in at least {settings.Trials} trials" : settings.Trials > 1 ? $" in {settings.Trials} trials" : "";
        var added = adds
            ? $"; at most {MinutesAtMost(most)} min if --trials auto adds trials while a headline comparison is inconclusive (the budget{(settings.Budget is null ? "; --budget sets another" : ", --budget")})"
            : "";
        Console.WriteLine($"Estimated time: about {Minutes(planned)} min for {plans.Count} scenario(s) on " +
            $"{settings.Stacks.Count} stack(s){trials}{added} (rough, for this 2-core class of machine; loading a dataset the first time adds to it).");
        return budgets;
    }

    private static string Minutes(TimeSpan time) => $"{Math.Max(1, Math.Round(time.TotalMinutes)):N0}";

    /// <summary>A bound rounded up: a budget of 5.2 min printed as "at most 5 min" let a run that kept to it end after the
    /// figure (311 s, 2026-11-29).</summary>
    internal static string MinutesAtMost(TimeSpan time) => $"{Math.Max(1, Math.Ceiling(time.TotalMinutes)):N0}";
}
