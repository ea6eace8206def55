using System.Globalization;
using BenchmarkDotNet.Running;
using RpcCompare.Benchmarks.Harness;
using RpcCompare.Benchmarks.Running;

// `--sizes` prints the payload-size table without timing anything; `--harness [seconds]` measures the load generator
// against the in-process null stack; everything else is BenchmarkDotNet's command line.
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

var summaries = BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run(args, BenchmarkConfig.Create());
return RunOutcome.ExitCode([.. summaries], args, Console.Error);
