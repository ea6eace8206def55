using System.CommandLine;
using System.Text.Json;
using RpcCompare.LoadClient.Runs;
using RpcCompare.Network;

namespace RpcCompare.LoadClient.Cli;

/// <summary>
/// `relay`: forwards TCP to servers through an emulated link until stopped or until its standard input closes. A run with
/// --network starts one per stack (so the link's work is not counted as the client's CPU); it is also usable by hand in
/// front of any server.
/// </summary>
public static class RelayCommand
{
    public static Command Create()
    {
        var network = NetworkOption.Create();
        var forward = new Option<string[]>("--forward")
        {
            Description = "A server's address, e.g. http://127.0.0.1:5001 or net.tcp://10.0.0.5:7002/graph. Repeat for each.",
            HelpName = "url",
            Required = true,
            AllowMultipleArgumentsPerToken = false,
        };
        var calibrationDelay = new Option<string?>(CalibrationDelayOption.Name)
        {
            Description = "Calibration only: hold every segment from the client to the server this much longer (e.g. 0.2ms), so each " +
                "call reaches the server at least that much later. A run passes it only to the relay of a replica entry it was " +
                "told to slow (its own --calibration-delay); nothing else starts a relay with it.",
            HelpName = "duration",
        };
        var untilStdinCloses = new Option<bool>("--until-stdin-closes")
        {
            Description = "Also stop when standard input reaches its end (how a run makes sure no relay outlives it).",
        };
        var command = new Command("relay",
            "Forward TCP connections to servers through an emulated network (delay and rate per direction); print one JSON line " +
            "with the address to use for each server, then relay until Ctrl+C.");
        command.Options.Add(network);
        command.Options.Add(forward);
        command.Options.Add(calibrationDelay);
        command.Options.Add(untilStdinCloses);
        command.SetAction((result, _) => CommandRunner.RunAsync(async cancellationToken =>
        {
            var profile = NetworkOption.Parse(result.GetValue(network)!);
            var extra = CalibrationDelayOption.ParseDelay(result.GetValue(calibrationDelay));
            await using var relay = TcpRelay.Start(profile, result.GetValue(forward) ?? [], message => Console.Error.WriteLine(message), extra);
            Console.WriteLine(JsonSerializer.Serialize(new RelayReadyLine(profile.Name, relay.Addresses), RelayReadyLine.JsonOptions));
            Console.Out.Flush();
            Console.Error.WriteLine($"Relaying over {profile.Name} ({profile.Describe()})" +
                (extra > TimeSpan.Zero ? $", every client-to-server segment held {CalibrationDelay.Milliseconds(extra)} ms longer (calibration)" : "") +
                "; Ctrl+C stops.");
            var stdinClosed = result.GetValue(untilStdinCloses)
                ? Task.Run(async () => await Console.In.ReadToEndAsync(cancellationToken), cancellationToken)
                : Task.Delay(Timeout.Infinite, cancellationToken);
            try
            {
                await stdinClosed.WaitAsync(cancellationToken);
            }
            catch (OperationCanceledException) when (cancellationToken.IsCancellationRequested)
            {
                // Ctrl+C or SIGTERM: stop relaying, which is what was asked.
            }
            return CommandRunner.Ok;
        }));
        return command;
    }
}
