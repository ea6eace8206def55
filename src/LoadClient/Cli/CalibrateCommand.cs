using System.CommandLine;
using RpcCompare.LoadClient.Runs;
using RpcCompare.LoadClient.Scenarios;
using RpcCompare.Stacks;

namespace RpcCompare.LoadClient.Cli;

/// <summary>
/// `calibrate`: the verdict's false-verdict rate and power on this machine (<see cref="CalibrationRun"/>). Every option it
/// does not know is a run option, given to each run as it is (--requests, --trials, --warmup, the dataset's, ...).
/// </summary>
public static class CalibrateCommand
{
    /// <summary>The run options `calibrate` sets itself for each run, so they cannot be among the ones passed on.</summary>
    private static readonly string[] OwnRunOptions = ["--scenario", "-s", "--mix", "--stacks", "--out", "-o", CalibrationDelayOption.Name, "--no-report", "--client-processes"];

    public static Command Create()
    {
        var scenario = new Option<string>("--scenario", "-s")
        {
            Description = "The scenario every run measures (docs/reports.md has the table for base-case and ping).",
            HelpName = "name",
            Required = true,
        };
        // Not the overload ramp: its verdicts rank steps at each stack's own rates, not a delay between two equal hosts.
        scenario.AcceptOnlyFromAmong([.. ScenarioCatalog.Names.Where(n => n != OverloadScenario.ScenarioName)]);
        var stack = new Option<string>("--stack")
        {
            Description = $"The stack measured against its own replica, from {string.Join(", ", StackCatalog.Ids)}.",
            DefaultValueFactory = _ => StackCatalog.Grpc,
            HelpName = "stack",
        };
        stack.AcceptOnlyFromAmong([.. StackCatalog.Ids]);
        var runs = new Option<int>("--runs")
        {
            Description = $"Runs of each kind: this many A/A runs, then as many with the replica slowed (the table's targets need at least {CalibrationTable.MinimumComparisons}).",
            DefaultValueFactory = _ => CalibrationTable.MinimumComparisons,
            HelpName = "K",
        }.WithNumberParser();
        runs.Validators.Add(r =>
        {
            if (r.TryGet<int>(out var value) && value is < 1 or > RunOptions.MaxTrials)
            {
                r.AddError($"--runs must be from 1 to {RunOptions.MaxTrials} (was {value}).");
            }
        });
        var delay = new Option<string?>("--delay")
        {
            Description = $"The delay per call injected on the replica in the effect runs (e.g. 0.02ms; at most 1s); default: {CalibrationPlan.DefaultEffectPercent}% of the " +
                "stack's median in the A/A runs, which then run first; given (or kept by --continue), each A/A run is followed by its effect run.",
            HelpName = "duration",
        };
        var aaRelays = new Option<bool>("--aa-relays")
        {
            Description = "Send the A/A runs through relays too (with no delay), so both kinds of run differ by the delay alone. " +
                "Without it the A/A runs are made as measurements are (direct), and the effect runs' relay hop is in their figures only.",
        };
        var output = new Option<string?>("--out", "-o")
        {
            Description = "The calibration's folder, empty or new (or, with --continue, an earlier calibration's): one results folder " +
                "and one log per run, calibration-plan.json and calibration.md (default: results/<UTC timestamp>-calibrate-<scenario>).",
            HelpName = "folder",
        };
        var continued = new Option<bool>("--continue")
        {
            Description = "Add to the calibration already in --out: its complete runs are kept and judged again with this version's " +
                "rules, an interrupted or failed one is made again, and only the runs missing up to --runs of each kind are made " +
                "(the effect runs keep the earlier ones' delay). It must be given the same options as the calibration was.",
        };
        var command = new Command("calibrate",
            "Measure how often the verdict names a winner between a stack and its own replica (A/A runs), and how often it finds a " +
            "known delay injected on the replica (effect runs); print the false-verdict rate, the power and the median run time. " +
            "Any other option is a run option, given to every run (e.g. --requests 2000 --trials 5).")
        {
            scenario,
            stack,
            runs,
            delay,
            aaRelays,
            output,
            continued,
        };
        command.TreatUnmatchedTokensAsErrors = false;
        command.SetAction((result, _) => CommandRunner.RunAsync(cancellationToken =>
        {
            var runOptions = result.UnmatchedTokens;
            if (runOptions.FirstOrDefault(IsOwnOption) is { } own)
            {
                throw new UserFacingException($"calibrate sets {own.Split('=')[0]} for each run itself; leave it out.");
            }
            var scenarioName = result.GetValue(scenario)!;
            var plan = new CalibrationPlan
            {
                Scenario = scenarioName,
                Stack = result.GetValue(stack)!,
                Runs = result.GetValue(runs),
                Delay = result.GetValue(delay) is { } text ? CalibrationDelayOption.ParseDelay(text) : null,
                Folder = result.GetValue(output) ?? Path.Combine("results", $"{DateTime.UtcNow:yyyyMMdd'T'HHmmss'Z'}-calibrate-{scenarioName}"),
                RunOptions = runOptions,
                RelayedSame = result.GetValue(aaRelays),
                Continue = result.GetValue(continued),
            };
            // A run's command line is checked here, before any run: a mistyped option would otherwise fail every run in turn.
            var probe = new RootCommand();
            RunCommand.AddTo(probe);
            if (probe.Parse([.. CalibrationRun.Arguments(plan, plan.Folder, TimeSpan.Zero)]).Errors is [var first, ..])
            {
                throw new UserFacingException($"calibrate: a run would refuse these options: {first.Message}");
            }
            return CalibrationRun.RunAsync(plan, cancellationToken);
        }));
        return command;
    }

    private static bool IsOwnOption(string token) =>
        OwnRunOptions.Any(o => token == o || token.StartsWith(o + "=", StringComparison.Ordinal));
}
