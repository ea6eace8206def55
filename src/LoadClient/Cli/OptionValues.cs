using System.Numerics;
using System.CommandLine;
using System.CommandLine.Parsing;
using System.Globalization;

namespace RpcCompare.LoadClient.Cli;

public static class OptionValues
{
    /// <inheritdoc cref="WithNumberParser{T}(Option{T?})"/>
    public static Option<T> WithNumberParser<T>(this Option<T> option)
        where T : struct, INumber<T>
    {
        option.CustomParser = result =>
        {
            var text = string.Join(" ", result.Tokens.Select(t => t.Value));
            if (T.TryParse(text, NumberStyles.Number, CultureInfo.InvariantCulture, out var value))
            {
                return value;
            }
            result.AddError($"{option.Name} must be a whole number (was '{text}').");
            return default;
        };
        return option;
    }

    /// <summary>Parses numbers the way people type them, with an error that says what was expected, not a .NET type name.</summary>
    public static Option<T?> WithNumberParser<T>(this Option<T?> option)
        where T : struct, INumber<T>
    {
        option.CustomParser = result =>
        {
            var text = result.Tokens.Count == 1 ? result.Tokens[0].Value : string.Join(" ", result.Tokens.Select(t => t.Value));
            if (T.TryParse(text, NumberStyles.Number, CultureInfo.InvariantCulture, out var value))
            {
                return value;
            }
            result.AddError(typeof(T) == typeof(double)
                ? $"{option.Name} must be a number (was '{text}')."
                : $"{option.Name} must be a whole number (was '{text}').");
            return null;
        };
        return option;
    }

    /// <summary>
    /// The option's value for a validator, or false when it does not even parse: the parser reports that itself
    /// ("Cannot parse argument 'ten' for option '--threads'"), and a validator must not throw on top of it.
    /// </summary>
    public static bool TryGet<T>(this OptionResult result, out T? value)
    {
        try
        {
            value = result.GetValueOrDefault<T>();
            return true;
        }
        catch (InvalidOperationException)
        {
            value = default;
            return false;
        }
    }
}
