using Spectre.Console;

namespace RpcCompare.LoadClient.Terminal;

public static class ConsoleSetup
{
    /// <summary>Plain text without escape codes when the output goes to a file, a pipe or a CI log.</summary>
    public static void Apply()
    {
        if (Console.IsOutputRedirected)
        {
            AnsiConsole.Console = AnsiConsole.Create(new AnsiConsoleSettings
            {
                Ansi = AnsiSupport.No,
                ColorSystem = ColorSystemSupport.NoColors,
                Interactive = InteractionSupport.No,
                Out = new AnsiConsoleOutput(Console.Out),
            });
            AnsiConsole.Profile.Width = 200;
        }
    }
}
