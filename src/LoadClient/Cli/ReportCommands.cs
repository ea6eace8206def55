using System.CommandLine;
using RpcCompare.Reports;
using RpcCompare.Reports.Results;
using RpcCompare.Stacks;

namespace RpcCompare.LoadClient.Cli;

/// <summary>`report DIR` and `compare DIR_A DIR_B`: the charts and sentences from results already measured.</summary>
public static class ReportCommands
{
    public static Command Report()
    {
        var folder = new Argument<string>("folder") { Description = "A results folder written by a run." };
        var baseline = new Option<string?>("--baseline")
        {
            Description = "The stack every other one is compared with (default: wcf when it has results, else the first stack).",
            HelpName = "stack",
        };
        baseline.AcceptOnlyFromAmong([.. StackCatalog.Ids]);
        var noPng = new Option<bool>("--no-png") { Description = "Skip the PNG charts (report.html is complete without them)." };
        var margin = MarginOption("the run's own --margin, else 5");
        var command = new Command("report", "Write report.html, summary.md and one PNG per chart into a results folder.")
        {
            folder,
            baseline,
            noPng,
            margin,
        };
        command.SetAction((result, _) => CommandRunner.RunAsync(async cancellationToken =>
        {
            var output = await Guard(() => ReportWriter.WriteAsync(result.GetValue(folder)!, new ReportOptions
            {
                Baseline = result.GetValue(baseline),
                Png = new PngOptions { Enabled = !result.GetValue(noPng) },
                Margin = result.GetValue(margin) / 100,
            }, cancellationToken));
            Print(output);
            return CommandRunner.Ok;
        }));
        return command;
    }

    public static Command Compare()
    {
        var before = new Argument<string>("before") { Description = "Results folder of the earlier run (A)." };
        var after = new Argument<string>("after") { Description = "Results folder of the later run (B), same scenario and dataset." };
        var output = new Option<string?>("--out", "-o")
        {
            Description = "Where compare.html, compare.md and the charts go (default: a compare-with-<A> folder inside B).",
            HelpName = "folder",
        };
        var noPng = new Option<bool>("--no-png") { Description = "Skip the PNG charts." };
        var margin = MarginOption("the later run's own --margin, else 5");
        var command = new Command("compare", "Compare two runs of the same scenario: each stack's quantile shifts and whether they exceed the noise.")
        {
            before,
            after,
            output,
            noPng,
            margin,
        };
        command.SetAction((result, _) => CommandRunner.RunAsync(async cancellationToken =>
        {
            var a = result.GetValue(before)!;
            var b = result.GetValue(after)!;
            var target = result.GetValue(output) ?? Path.Combine(b, $"compare-with-{Path.GetFileName(Path.TrimEndingDirectorySeparator(Path.GetFullPath(a)))}");
            var written = await Guard(() => CompareWriter.WriteAsync(a, b, target, new CompareOptions
            {
                Png = new PngOptions { Enabled = !result.GetValue(noPng) },
                Margin = result.GetValue(margin) / 100,
            }, cancellationToken));
            Print(written);
            return CommandRunner.Ok;
        }));
        return command;
    }

    /// <summary>--margin PERCENT: how close two figures must be shown to be to be called equivalent; unset, the run's own.</summary>
    internal static Option<double?> MarginOption(string whenUnset)
    {
        var option = new Option<double?>("--margin")
        {
            Description = "The verdict's equivalence margin, in percent of the slower-looking stack's figure: two stacks are " +
                          $"\"equivalent\" when the interval of their difference lies inside \u00b1margin (default: {whenUnset}).",
            HelpName = "percent",
        };
        option.Validators.Add(r =>
        {
            if (r.GetValueOrDefault<double?>() is { } value && !(value > 0 && value < 100))
            {
                r.AddError($"--margin: {value.ToString(System.Globalization.CultureInfo.InvariantCulture)} is not a percentage above 0 and below 100 (e.g. 5).");
            }
        });
        return option;
    }

    private static async Task<ReportOutput> Guard(Func<Task<ReportOutput>> write)
    {
        try
        {
            return await write();
        }
        catch (ReportInputException e)
        {
            throw new UserFacingException(e.Message, e);
        }
    }

    private static void Print(ReportOutput output)
    {
        foreach (var notice in output.Notices)
        {
            Console.WriteLine(notice);
        }
        foreach (var file in output.Files)
        {
            Console.WriteLine($"  {file}");
        }
    }
}
