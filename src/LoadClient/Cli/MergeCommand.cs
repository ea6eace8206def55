using System.CommandLine;
using RpcCompare.LoadClient.Merging;
using RpcCompare.Reports;
using RpcCompare.Reports.Results;

namespace RpcCompare.LoadClient.Cli;

/// <summary>`merge DIR DIR... -o DIR`: one results folder from several load clients that measured the same hosts at the
/// same time, and its report.</summary>
public static class MergeCommand
{
    public static Command Create()
    {
        var folders = new Argument<string[]>("folders")
        {
            Description = "The load clients' results folders (two or more), each from a run against the same hosts with --target.",
            Arity = ArgumentArity.OneOrMore,
        };
        var output = new Option<string>("--out", "-o")
        {
            Description = "Where the merged results go: a new or empty folder.",
            HelpName = "folder",
            Required = true,
        };
        var noReport = new Option<bool>("--no-report") { Description = "Write the merged results only, without report.html and summary.md." };
        var noPng = new Option<bool>("--no-png") { Description = "Skip the PNG charts." };
        var command = new Command("merge",
            "Merge the results of load clients that measured the same hosts (--target) at the same time into one results folder.")
        {
            folders,
            output,
            noReport,
            noPng,
        };
        command.SetAction((result, _) => CommandRunner.RunAsync(async cancellationToken =>
        {
            var merged = await ResultsMerger.MergeAsync(result.GetValue(folders) ?? [], result.GetValue(output)!, cancellationToken);
            Console.WriteLine($"Merged {merged.Clients} load clients into {merged.Folder}:");
            Print(merged.Files);
            Console.WriteLine(merged.Overlap);
            if (!result.GetValue(noReport))
            {
                var report = await ReportAsync(merged.Folder, !result.GetValue(noPng), cancellationToken);
                foreach (var notice in report.Notices)
                {
                    Console.WriteLine(notice);
                }
                Print(report.Files);
            }
            return CommandRunner.Ok;
        }));
        return command;
    }

    private static async Task<ReportOutput> ReportAsync(string folder, bool png, CancellationToken cancellationToken)
    {
        try
        {
            return await ReportWriter.WriteAsync(folder, new ReportOptions { Png = new PngOptions { Enabled = png } }, cancellationToken);
        }
        catch (ReportInputException e)
        {
            throw new UserFacingException(e.Message, e);
        }
    }

    private static void Print(IEnumerable<string> files)
    {
        foreach (var file in files)
        {
            Console.WriteLine($"  {file}");
        }
    }
}
