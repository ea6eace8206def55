using BenchmarkDotNet.Running;
using RpcCompare.Benchmarks.Running;

// `--sizes` prints the payload-size table without timing anything; everything else is BenchmarkDotNet's command line.
if (args is ["--sizes"])
{
    Console.Write(PayloadSizeTable.ToMarkdown());
    return 0;
}

var summaries = BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run(args, BenchmarkConfig.Create());
return RunOutcome.ExitCode([.. summaries], args, Console.Error);
