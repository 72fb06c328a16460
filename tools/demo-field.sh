#!/usr/bin/env bash
# The demo field, ready to advise on: a weather station beside the demo farmer's sensor with a week
# of daily records, the sensor's profile (crop, soil, irrigation method, station), a 7-day forecast
# and a week of soil moisture every 6 hours. Dates are relative to today, so a run on any day shows
# the last 7 days. Run by ./run.sh once ready; safe to run again (a day sent again is a repeat).
#   tools/demo-field.sh [bridge url, default http://127.0.0.1:8081]
set -euo pipefail
BRIDGE=${1:-http://127.0.0.1:8081}
SENSOR=550e8400-e29b-41d4-a716-446655440000
STATION=demo-station
ADMIN=dev-admin-token DEVICE=dev-device-token STATION_TOKEN=dev-station-token-for-the-demo
send() { # METHOD PATH TOKEN BODY: fails on anything but 2xx, saying what was refused
  local code
  code=$(curl -s -o /tmp/demo-field.$$ -w '%{http_code}' -X "$1" "$BRIDGE$2" -H "Authorization: Bearer $3" \
    -H 'Content-Type: application/json' -d "$4")
  [[ $code == 2* ]] || { echo "$1 $2: HTTP $code $(cat /tmp/demo-field.$$)" >&2; rm -f /tmp/demo-field.$$; exit 1; }
  rm -f /tmp/demo-field.$$
}
day() { TZ=Asia/Tehran date -d "$1 days" +%F; }

# 1. the station, 3 km from the field, in Tehran's zone (its days are local dates)
send PUT /api/stations/$STATION $ADMIN '{"lat":35.71,"lon":51.43,"elevation_m":1190,
  "name":"Tehran demo farm station","time_zone":"Asia/Tehran","token":"'$STATION_TOKEN'"}'

# 2. its last 7 days, oldest first: a dry early-December week with a rainy spell mid-week
T_MAX=(13.2 12.4 10.9 9.8 11.6 13.1 14.0) T_MIN=(3.1 2.6 4.2 5.0 3.3 2.2 2.9)
RH_MAX=(78 82 93 95 88 80 76) RH_MIN=(38 41 62 70 52 43 39)
WIND=(2.1 1.8 3.4 2.9 1.6 1.9 2.2) SUN=(10.8 10.1 5.2 4.1 8.9 10.4 10.6) RAIN=(0 0 6.4 3.1 0 0 0)
for i in 0 1 2 3 4 5 6; do
  send POST /api/stations/$STATION/observations $STATION_TOKEN '{"date":"'"$(day $((i - 7)))"'",
    "t_max":'${T_MAX[$i]}',"t_min":'${T_MIN[$i]}',"rh_max":'${RH_MAX[$i]}',"rh_min":'${RH_MIN[$i]}',
    "wind_speed":'${WIND[$i]}',"solar_radiation_mj":'${SUN[$i]}',"rain_mm":'${RAIN[$i]}'}'
done

# 3. the field: winter wheat on loam under sprinklers, following the station
send PUT /api/sensors/$SENSOR/profile $DEVICE '{"lat":35.7,"lon":51.4,"soil_texture":"loam",
  "crop":"winter wheat","irrigation_method":"sprinkler","growth_stage":"development","station_id":"'$STATION'",
  "depths":[{"depth_cm":10,"soil_moisture":23},{"depth_cm":30,"soil_moisture":25},{"depth_cm":60,"soil_moisture":27}]}'

# 4. its forecast: 7 dry days but one
days=""
for i in 0 1 2 3 4 5 6; do
  rain=0; [ $i = 4 ] && rain=4.5
  days+="${days:+,}"'{"date":"'"$(day $i)"'","t_min":'$((2 + i % 3))',"t_max":'$((11 + i % 4))',
    "precipitation_mm":'$rain',"humidity":55,"wind_speed":2.2,"et0_mm":1.3}'
done
send PUT /api/sensors/$SENSOR/forecast $DEVICE '{"days":['"$days"']}'

# 5. a week of soil moisture every 6 hours, drying out but for the rain mid-week, up to now
now=$(date -u +%s)
for n in $(seq 27 -1 0); do
  ts=$(date -u -d "@$((now - n * 21600))" +%Y-%m-%dT%H:%M:%SZ)
  moisture=$(awk -v n="$n" 'BEGIN { m = 21 + n * 0.2; if (n >= 12 && n <= 17) m += 2.5; printf "%.1f", m }')
  send POST /api/sensors/$SENSOR/readings $DEVICE '{"ts":"'"$ts"'","soil_moisture":'"$moisture"'}'
done
echo "demo field ready: station $STATION (token $STATION_TOKEN) with 7 days, sensor $SENSOR with its profile, forecast and a week of readings"
