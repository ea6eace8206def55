using System.CommandLine;
using RpcCompare.LoadClient.Runs;

namespace RpcCompare.LoadClient.Cli;

/// <summary>
/// `recount`: a calibration's runs read again with this version's verdict rules (<see cref="CalibrationRun.RecountAsync"/>),
/// so a rule change can be judged on the runs already made.
/// </summary>
public static class RecountCommand
{
    public static Command Create()
    {
        var folder = new Argument<string>("folder")
        {
            Description = "A folder `calibrate` wrote (its aa-NN and effect-NN runs).",
        };
        var command = new Command("recount",
            "Read the runs of an earlier `calibrate` again with this version's verdict rules and print its table (written beside " +
            "them as calibration-recount.md): the false-verdict rate and power a rule change would have given on the same runs. " +
            "Each run is judged at the trials it stopped at.")
        {
            folder,
        };
        command.SetAction((result, _) => CommandRunner.RunAsync(cancellationToken =>
            CalibrationRun.RecountAsync(result.GetValue(folder)!, cancellationToken)));
        return command;
    }
}
