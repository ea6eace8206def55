using System.CommandLine;
using System.Globalization;
using RpcCompare.LoadClient.Runs;

namespace RpcCompare.LoadClient.Cli;

/// <summary>--trials auto|N: how many trials, and whether more may be added while the verdict is undecided.</summary>
public sealed record TrialCount(int Trials, bool Auto)
{
    /// <summary>The default: auto from <see cref="RunSettings.DefaultTrials"/> on.</summary>
    public static readonly TrialCount Default = new(RunSettings.DefaultTrials, Auto: true);

    /// <summary>As the command line writes it ("auto" or "7"): --help's default, the manifest's options and the
    /// command line each client process of a run is given.</summary>
    public override string ToString() => Auto ? "auto" : Trials.ToString(System.Globalization.CultureInfo.InvariantCulture);
}

/// <summary>The --trials and --budget options and the rule that ties them.</summary>
public static class TrialsOption
{
    public static Option<TrialCount> Create() => new("--trials")
    {
        Description = "Measure every stack and variant once per trial, each trial in an order of its own; the requests (or --duration) " +
            "are split across the planned trials and the verdict's intervals are built over the trials, so they cover how much a " +
            $"repeated run differs. 'auto' (the default) plans {RunSettings.DefaultTrials}; when a headline comparison (the fastest " +
            "against the runner-up at the median or p99) is inconclusive after them, it adds trials until the budget (--budget) " +
            "ends and the verdict reads them once more, each of its two looks at 97.5% so that together they keep a false " +
            "verdict at 5%; the manifest says why it stopped. A number N measures exactly N trials.",
        DefaultValueFactory = _ => TrialCount.Default,
        HelpName = "auto|N",
        CustomParser = result =>
        {
            var text = string.Join(" ", result.Tokens.Select(t => t.Value));
            if (string.Equals(text, "auto", StringComparison.OrdinalIgnoreCase))
            {
                return TrialCount.Default;
            }
            if (int.TryParse(text, NumberStyles.Integer, CultureInfo.InvariantCulture, out var trials) && trials is >= 1 and <= RunOptions.MaxTrials)
            {
                return new TrialCount(trials, Auto: false);
            }
            result.AddError($"--trials must be from 1 to {RunOptions.MaxTrials} or 'auto' (was '{text}').");
            return TrialCount.Default;
        },
    };

    /// <summary>The error when --budget is given with a fixed --trials N, which it could not change; else null.</summary>
    public static string? BudgetRefusal(TrialCount trials, string? budget) =>
        budget is not null && !trials.Auto
            ? $"--budget applies to --trials auto only; with --trials {trials.Trials} the run measures exactly {trials.Trials} trials."
            : null;
}
