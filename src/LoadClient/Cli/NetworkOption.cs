using System.CommandLine;
using RpcCompare.Network;

namespace RpcCompare.LoadClient.Cli;

/// <summary>--network, shared by a run and `relay`: a named profile or explicit delay and rates.</summary>
public static class NetworkOption
{
    public static Option<string> Create()
    {
        var option = new Option<string>("--network")
        {
            Description = NetworkProfile.Help,
            DefaultValueFactory = _ => NetworkProfile.Loopback.Name,
            HelpName = "loopback|lan|wan|mobile|delay=D,rate=R",
        };
        option.Validators.Add(r =>
        {
            if (r.GetValueOrDefault<string>() is { } text && !NetworkProfile.TryParse(text, out _, out var error))
            {
                r.AddError($"--network: {error}");
            }
        });
        return option;
    }

    public static NetworkProfile Parse(string text) =>
        NetworkProfile.TryParse(text, out var profile, out var error) ? profile : throw new UserFacingException($"--network: {error}");
}
