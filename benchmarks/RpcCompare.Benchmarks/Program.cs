using System.Globalization;
using BenchmarkDotNet.Running;
using RpcCompare.Benchmarks.Harness;
using RpcCompare.Benchmarks.Repeatability;
using RpcCompare.Benchmarks.Running;

// `--sizes` prints the payload-size table without timing anything; `--harness [seconds]` measures the load generator
// against the in-process null stack; `--repeatability FOLDER...` says whether the verdicts of several results folders of
// one command hold from run to run; everything else is BenchmarkDotNet's command line.
if (args is ["--sizes"])
{
    Console.Write(PayloadSizeTable.ToMarkdown());
    return 0;
}
if (args is ["--harness", ..])
{
    var seconds = 5.0;
    if (args.Length > 2 || (args.Length == 2 && (!double.TryParse(args[1], CultureInfo.InvariantCulture, out seconds) || seconds is <= 0 or > 3600)))
    {
        Console.Error.WriteLine($"--harness takes one optional number: the seconds to measure each configuration (0 to 3600; was '{string.Join(' ', args[1..])}').");
        return 2;
    }
    Console.Write(await HarnessRun.MeasureAllAsync(TimeSpan.FromSeconds(seconds), Console.Out));
    return 0;
}
if (args is ["--repeatability", _, _, ..])
{
    try
    {
        Console.Write(await RepeatabilityTable.DescribeAsync(args[1..], CancellationToken.None));
        return 0;
    }
    catch (RpcCompare.Reports.Results.ReportInputException e)
    {
        Console.Error.WriteLine(e.Message);
        return 2;
    }
}

var summaries = BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run(args, BenchmarkConfig.Create());
return RunOutcome.ExitCode([.. summaries], args, Console.Error);
