using RpcCompare.Fuzz;
using SharpFuzz;

// Usage (tests/fuzz/run.sh drives the first form):
//   RpcCompare.Fuzz framing|envelope            run under afl-fuzz (persistent mode); without AFL, one input from stdin
//   RpcCompare.Fuzz replay framing|envelope F…  run files through a target and print each outcome (exit 1 on a finding)
//   RpcCompare.Fuzz seeds DIRECTORY             write the seed corpus
//   RpcCompare.Fuzz il-only ASSEMBLY            make a ReadyToRun framework assembly instrumentable
return args switch
{
    ["framing"] => Fuzz(input => FramingTarget.Run(input)),
    ["envelope"] => Fuzz(input => EnvelopeTarget.Run(input)),
    ["replay", var target, .. var files] when target is "framing" or "envelope" => Replay(target, files),
    ["seeds", var directory] => Seeds(directory),
    ["il-only", var assembly] => IlOnly(assembly),
    _ => Usage(),
};

static int Fuzz(Action<byte[]> target)
{
    // Persistent mode: AFL++ hands each input over shared memory; an exception that escapes the target is reported as a crash.
    Fuzzer.Run(stream =>
    {
        using var copy = new MemoryStream();
        stream.CopyTo(copy);
        target(copy.ToArray());
    });
    return 0;
}

static int Replay(string target, string[] files)
{
    var findings = 0;
    foreach (var file in files)
    {
        var input = File.ReadAllBytes(file);
        try
        {
            var outcome = target == "framing" ? RunFraming(input) : (EnvelopeTarget.Run(input) ? "decoded" : "refused");
            Console.WriteLine($"{file}: {outcome}");
        }
        catch (Exception ex)
        {
            findings++;
            Console.WriteLine($"{file}: FINDING {ex}");
        }
    }

    return findings == 0 ? 0 : 1;
}

static string RunFraming(byte[] input)
{
    var answer = FramingTarget.Run(input);
    return $"served or refused; the service answered {answer.Length} bytes";
}

static int Seeds(string directory)
{
    SeedCorpus.Write(directory);
    Console.WriteLine($"Seed corpus written to {Path.GetFullPath(directory)}");
    return 0;
}

static int IlOnly(string assembly)
{
    IlOnlyImage.Rewrite(assembly);
    return 0;
}

static int Usage()
{
    Console.Error.WriteLine("usage: RpcCompare.Fuzz framing|envelope | replay framing|envelope FILE... | seeds DIRECTORY | il-only ASSEMBLY");
    return 2;
}
